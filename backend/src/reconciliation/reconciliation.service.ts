import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { AuthAccountEntity } from '../auth/auth-account.entity.js';
import { AuthTokensService } from '../auth/auth-tokens.service.js';
import { normaliseEmail } from '../common/email.js';
import { FoundingCompletionService } from '../founding/founding-completion.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MailService } from '../mail/mail.service.js';
import { PaymentsService } from '../payments/payments.service.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { formatUsd, type MrrDifference, type Repair } from '@leadpulse/common';
import { MrrCheckService } from '../revenue/mrr-check.service.js';
import { RevenueBackfill } from '../revenue/revenue-backfill.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { isDeletedAddress } from '../users/deleted-account.js';
import { UserEntity } from '../users/user.entity.js';
import { idOf } from '../stripe/stripe-ids.js';
import { UserWritesService } from '../users/user-writes.service.js';

export const RECONCILIATION_QUEUE = 'reconciliation';
/** Subscription statuses that grant access and are billed. */
const LIVE = ['active', 'past_due', 'trialing', 'unpaid'];

/** How far back paid checkouts are compared (Stripe keeps events for 30 days; a week is ample hourly). */
const LOOKBACK_DAYS = 7;

/**
 * Compares Stripe with the database and repairs what a lost webhook left behind: paid checkouts
 * whose buyer has no paid account, subscriptions without a users row or with a stale status,
 * and revenue history whose MRR Stripe's own subscriptions prove wrong.
 * Each repair is recorded as an admin action by the system. Runs hourly and on demand.
 */
@Injectable()
export class ReconciliationService implements OnModuleInit {
  private readonly logger = new Logger(ReconciliationService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsService,
    private readonly founding: FoundingCompletionService,
    private readonly subscriptions: SubscriptionsService,
    private readonly payments: PaymentsService,
    private readonly audit: AuditService,
    private readonly tokens: AuthTokensService,
    private readonly mail: MailService,
    private readonly revenue: RevenueBackfill,
    private readonly mrr: MrrCheckService,
    private readonly userWrites: UserWritesService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.createQueue(RECONCILIATION_QUEUE, { retryLimit: 2, retryDelay: 300 });
    await this.jobs.schedule(RECONCILIATION_QUEUE, '0 * * * *');
    await this.jobs.work(RECONCILIATION_QUEUE, async () => {
      const repairs = await this.run();
      if (repairs.length > 0)
        this.logger.warn(`Reconciliation repaired ${repairs.length} record(s)`);
    });
  }

  /** Run Reconciliation from the back office: the same run, recorded as the administrator's. */
  async runFor(adminId: string): Promise<Repair[]> {
    const repairs = await this.run();
    await this.dataSource.transaction((manager) =>
      this.audit.record(manager, {
        adminId,
        type: 'run_reconciliation',
        details: {
          description: `Ran the reconciliation: ${repairs.length} record(s) repaired`,
          new_values: { repaired: repairs.length },
        },
      }),
    );
    return repairs;
  }

  async run(): Promise<Repair[]> {
    const repairs: Repair[] = [];
    const since = Math.floor(Date.now() / 1000) - LOOKBACK_DAYS * 24 * 3600;
    for await (const session of this.stripe.checkout.sessions.list({
      status: 'complete',
      created: { gte: since },
      limit: 100,
    })) {
      const repair = await this.dataSource.transaction((manager) =>
        this.repairCheckout(session, manager),
      );
      if (repair) repairs.push(repair);
    }
    for await (const subscription of this.stripe.subscriptions.list({
      status: 'all',
      limit: 100,
    })) {
      // An ended subscription matters only where we still hold it live (its end's event lost).
      if (!LIVE.includes(subscription.status) && !(await this.heldLive(subscription.id))) continue;
      const repair = await this.dataSource.transaction((manager) =>
        this.repairSubscription(subscription, manager),
      );
      if (repair) repairs.push(repair);
    }
    for (const difference of (await this.mrr.check()).subscriptions) {
      const repair = await this.dataSource.transaction((manager) =>
        this.repairHistory(difference, manager),
      );
      if (repair) repairs.push(repair);
    }
    return repairs;
  }

  /**
   * A subscription whose MRR in the history is not what Stripe bills now: its present state as
   * Stripe holds it is written, unless the latest row already says it (then the difference is
   * not one the history can be proved wrong about, and it stays on the dashboard's check).
   */
  private async repairHistory(
    difference: MrrDifference,
    manager: EntityManager,
  ): Promise<Repair | undefined> {
    // History belongs to a subscription we hold; one we do not (a deleted member's, left alone
    // by the pass above) stays a difference on the dashboard's check.
    const held = (await manager.query(
      `SELECT 1 FROM subscriptions WHERE stripe_subscription_id = $1`,
      [difference.id],
    )) as unknown[];
    if (held.length === 0) return undefined;
    if ((await this.revenue.reconcile(manager, difference.id)) === 0) return undefined;
    const user = await manager
      .getRepository(UserEntity)
      .findOneBy({ stripe_customer_id: difference.customer });
    const description = `Corrected the revenue history of ${difference.id}${user ? ` of ${user.email}` : ''}: ${formatUsd(difference.history_cents)}/month recorded, ${formatUsd(difference.stripe_cents)}/month at Stripe`;
    if (!user) {
      this.logger.warn(description);
      return { action: 'reconcile_history', email: null, stripe_id: difference.id, description };
    }
    return this.record(manager, {
      action: 'reconcile_subscription',
      userId: user.id,
      email: user.email,
      stripeId: difference.id,
      description,
      oldValues: { mrr_cents: difference.history_cents },
      newValues: { mrr_cents: difference.stripe_cents },
    });
  }

  private async repairCheckout(
    session: Stripe.Checkout.Session,
    manager: EntityManager,
  ): Promise<Repair | undefined> {
    if (session.payment_status !== 'paid') return undefined;
    // A new buyer's users row only exists once the checkout is completed.
    const [before] = (await manager.query(
      `SELECT r.email, u.status FROM founding_reservations r LEFT JOIN users u ON u.email = r.email
       WHERE r.stripe_checkout_session_id = $1`,
      [session.id],
    )) as { email: string; status: string | null }[];
    if (!(await this.founding.complete(session, manager))) return undefined;
    await this.revenue.reconcile(manager, idOf(session.subscription)!);
    const after = await manager.getRepository(UserEntity).findOneByOrFail({ email: before.email });
    return this.record(manager, {
      action: 'reconcile_checkout',
      userId: after.id,
      email: after.email,
      stripeId: session.id,
      description: `Recovered paid checkout ${session.id} for ${after.email}: its webhook had not been processed`,
      oldValues: { status: before.status, stripe_customer_id: null },
      newValues: {
        status: after.status,
        stripe_customer_id: after.stripe_customer_id,
        stripe_subscription_id: after.stripe_subscription_id,
      },
    });
  }

  private async heldLive(subscriptionId: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `SELECT 1 FROM subscriptions WHERE stripe_subscription_id = $1 AND status = ANY($2)`,
      [subscriptionId, LIVE],
    )) as unknown[];
    return rows.length > 0;
  }

  private async repairSubscription(
    subscription: Stripe.Subscription,
    manager: EntityManager,
  ): Promise<Repair | undefined> {
    const customerId = idOf(subscription.customer)!;
    const users = manager.getRepository(UserEntity);
    let user = await users.findOneBy({ stripe_customer_id: customerId });
    if (!user) {
      if (!LIVE.includes(subscription.status)) return undefined;
      // A customer paying for a subscription we have never heard of (not a founding checkout,
      // which the pass above handled): give them a users row and an account.
      const created = await this.createCustomerAccount(customerId, subscription, manager);
      if (!created) return undefined;
      await this.subscriptions.sync(subscription.id, manager);
      await this.payments.linkCustomer(manager, created.id, customerId);
      await this.revenue.reconcile(manager, subscription.id);
      return this.record(manager, {
        action: 'reconcile_customer',
        userId: created.id,
        email: created.email,
        stripeId: subscription.id,
        description: `Created the missing account of paying customer ${created.email} (${customerId})`,
        oldValues: null,
        newValues: { status: 'paid', stripe_customer_id: customerId },
      });
    }
    const [row] = (await manager.query(
      `SELECT status FROM subscriptions WHERE stripe_subscription_id = $1`,
      [subscription.id],
    )) as { status: string }[];
    const stale =
      !row ||
      row.status !== subscription.status ||
      (user.stripe_subscription_id === subscription.id &&
        user.subscription_status !== subscription.status);
    if (!stale) return undefined;
    const oldValues = {
      subscription_status: user.subscription_status,
      recorded: row?.status ?? null,
    };
    await this.subscriptions.sync(subscription.id, manager);
    await this.revenue.reconcile(manager, subscription.id);
    user = await users.findOneByOrFail({ id: user.id });
    return this.record(manager, {
      action: 'reconcile_subscription',
      userId: user.id,
      email: user.email,
      stripeId: subscription.id,
      description: `Brought subscription ${subscription.id} of ${user.email} in step with Stripe (${subscription.status})`,
      oldValues,
      newValues: { subscription_status: user.subscription_status, recorded: subscription.status },
    });
  }

  private async createCustomerAccount(
    customerId: string,
    subscription: Stripe.Subscription,
    manager: EntityManager,
  ): Promise<UserEntity | undefined> {
    const customer = await this.stripe.customers.retrieve(customerId);
    // A deleted member's customer is anonymised, and their row is never given an account again.
    if (customer.deleted || !customer.email || isDeletedAddress(customer.email)) return undefined;
    const email = normaliseEmail(customer.email);
    const existing = await manager.getRepository(UserEntity).findOneBy({ email });
    if (existing?.status === 'deleted') return undefined;
    const [firstName, ...rest] = (customer.name ?? '').trim().split(/\s+/);
    const accounts = manager.getRepository(AuthAccountEntity);
    const account =
      (await accounts.findOneBy({ email })) ??
      (await accounts.save(
        accounts.create({
          email,
          metadata: {
            name: customer.name ?? '',
            source: 'reconciliation',
            first_name: firstName ?? '',
            last_name: rest.join(' '),
          },
        }),
      ));
    const user = await this.userWrites.saveReconciledCustomer(manager, existing, {
      email,
      firstName: firstName ?? '',
      lastName: rest.join(' '),
      accountId: account.id,
      customerId,
      subscriptionId: subscription.id,
    });
    if (!account.password_hash) {
      const token = await this.tokens.create(manager, account.id, 'password_setup');
      await this.mail.enqueue(manager, {
        to: email,
        template: 'password-setup',
        data: { firstName: user.first_name, link: `/setup-password#token=${token}` },
        userId: user.id,
      });
    }
    return user;
  }

  private async record(
    manager: EntityManager,
    repair: {
      action: string;
      userId: string;
      email: string;
      stripeId: string;
      description: string;
      oldValues: Record<string, unknown> | null;
      newValues: Record<string, unknown>;
    },
  ): Promise<Repair> {
    await this.audit.record(manager, {
      adminId: null,
      type: repair.action,
      targetUserId: repair.userId,
      details: {
        description: repair.description,
        old_values: repair.oldValues,
        new_values: { ...repair.newValues, stripe_id: repair.stripeId },
      },
    });
    this.logger.warn(repair.description);
    return {
      action: repair.action,
      email: repair.email,
      stripe_id: repair.stripeId,
      description: repair.description,
    };
  }
}
