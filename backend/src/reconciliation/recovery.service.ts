import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PasswordLinkAnswer, RecoveryCandidate } from '@leadpulse/common';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { AdminActionEntity } from '../audit/admin-action.entity.js';
import { AuditService } from '../audit/audit.service.js';
import type { AuthAccountEntity } from '../auth/auth-account.entity.js';
import { AuthTokensService } from '../auth/auth-tokens.service.js';
import { ensureLinkedAccount } from '../auth/linked-account.js';
import { normaliseEmail } from '../common/email.js';
import { AppConfig } from '../config/app-config.js';
import { FoundingReservationEntity } from '../founding/founding-reservation.entity.js';
import { FoundingCompletionService } from '../founding/founding-completion.service.js';
import { MailService } from '../mail/mail.service.js';
import { RevenueBackfill } from '../revenue/revenue-backfill.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { idOf } from '../stripe/stripe-ids.js';
import { UserEntity } from '../users/user.entity.js';
import { usersErrors } from '../users/users.errors.js';
import { UserWritesService } from '../users/user-writes.service.js';
import { RECONCILIATION_ERRORS } from './reconciliation.errors.js';

/** How long after paying a customer without a password counts as stuck. */
const SETUP_GRACE_HOURS = 24;

/** The columns of a user a recovery candidate shows. */
type CandidateColumns = Pick<
  UserEntity,
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'status'
  | 'subscription_plan'
  | 'created_at'
  | 'founding_member'
>;

/** A row of the query of paying customers stuck without an account or a password. */
interface StuckRow extends CandidateColumns {
  reason: 'no_account' | 'password_not_set';
}

/** A customer as the recovery list shows them, before the reason they are listed. */
function mapCandidate(user: CandidateColumns): Omit<RecoveryCandidate<Date>, 'reason'> {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    status: user.status,
    subscription_plan: user.subscription_plan,
    created_at: user.created_at,
    founding_member: user.founding_member,
  };
}

/** A paid buyer not yet in users, as the reservation knows them. */
function mapBuyerCandidate(
  reservation: FoundingReservationEntity,
): Omit<RecoveryCandidate<Date>, 'reason'> {
  return {
    id: reservation.id,
    first_name: reservation.first_name ?? '',
    last_name: reservation.last_name ?? '',
    email: reservation.email,
    status: 'pending',
    subscription_plan: null,
    created_at: reservation.created_at,
    founding_member: true,
  };
}

function mapStuckCandidate(row: StuckRow): RecoveryCandidate<Date> {
  return { ...mapCandidate(row), reason: row.reason };
}
/** How far back paid checkouts are compared with the database. */
const CHECKOUT_LOOKBACK_DAYS = 30;

/**
 * Customer Recovery: customers who paid but cannot use the service (their payment's webhook was
 * lost, they have no account, or they never set a password), and the repairs.
 */
@Injectable()
export class RecoveryService {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly founding: FoundingCompletionService,
    private readonly tokens: AuthTokensService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly revenue: RevenueBackfill,
    private readonly userWrites: UserWritesService,
  ) {}

  async candidates(): Promise<RecoveryCandidate<Date>[]> {
    const found = new Map<string, RecoveryCandidate<Date>>();
    for (const { reservation, user } of await this.unprocessedCheckouts())
      found.set(user?.id ?? reservation.id, {
        ...(user ? mapCandidate(user) : mapBuyerCandidate(reservation)),
        reason: 'payment_not_processed',
      });
    const stuck: StuckRow[] = await this.dataSource.query(
      `SELECT id, first_name, last_name, email, status, subscription_plan, created_at, founding_member,
              CASE WHEN auth_user_id IS NULL THEN 'no_account' ELSE 'password_not_set' END AS reason
         FROM users
        WHERE stripe_customer_id IS NOT NULL AND status IN ('paid', 'pending')
          AND (auth_user_id IS NULL
               OR (NOT password_set AND COALESCE(founding_member_purchased_at, created_at) < now() - make_interval(hours => $1)))
          AND NOT EXISTS (SELECT 1 FROM admin_actions a
                           WHERE a.target_user_id = users.id AND a.action_type = 'recover_customer'
                             AND a.outcome = 'success')
        ORDER BY created_at DESC
        LIMIT 500`,
      [SETUP_GRACE_HOURS],
    );
    for (const row of stuck) if (!found.has(row.id)) found.set(row.id, mapStuckCandidate(row));
    return [...found.values()];
  }

  /**
   * Recover Customer: completes a purchase whose webhook was lost, or gives a paying customer
   * the account they lack, with a password-setup e-mail. Audited, and done once per customer:
   * a second Recover (even a concurrent one) is refused, so no second e-mail goes out.
   */
  async recover(adminId: string, rawEmail: string): Promise<{ success: true; message: string }> {
    const email = normaliseEmail(rawEmail);
    const lost = (await this.unprocessedCheckouts()).find(
      ({ reservation }) => reservation.email === email,
    );
    await this.dataSource.transaction(async (manager) => {
      // Serialises Recovers of one address, including a buyer who has no users row yet.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('recover_customer:' || $1))`, [
        email,
      ]);
      // A new buyer whose payment was never processed has no users row yet.
      const before = await manager.getRepository(UserEntity).findOneBy({ email });
      if (before?.status === 'deleted') throw usersErrors.deleted();
      if (before?.password_set) throw RECONCILIATION_ERRORS.nobodyToRecover();
      if (before && (await this.wasRecovered(manager, before.id)))
        throw RECONCILIATION_ERRORS.alreadyRecovered();
      if (!before && !lost) throw RECONCILIATION_ERRORS.nobodyToRecover();
      if (lost) {
        await this.founding.complete(lost.session, manager);
        await this.revenue.reconcile(manager, idOf(lost.session.subscription)!);
      } else if (before) {
        if (!before.stripe_customer_id) throw RECONCILIATION_ERRORS.nobodyToRecover();
        const account = await ensureLinkedAccount(manager, this.userWrites, before, {
          source: 'recovery',
        });
        if (account.password_hash) throw RECONCILIATION_ERRORS.nobodyToRecover();
        await this.userWrites.markPaid(manager, before);
        await this.mail.enqueue(manager, {
          to: email,
          template: 'password-setup',
          // Earlier setup links stay valid: one may already be in the customer's hands (Get
          // Password Link); each works once and expires.
          data: {
            firstName: before.first_name,
            link: `/setup-password#token=${await this.tokens.create(manager, account.id, 'password_setup')}`,
          },
          userId: before.id,
        });
      }
      const after = await manager.getRepository(UserEntity).findOneByOrFail({ email });
      await this.audit.record(manager, {
        adminId,
        type: 'recover_customer',
        targetUserId: after.id,
        details: {
          description: lost
            ? `Recovered ${email}: completed paid checkout ${lost.session.id}`
            : `Recovered ${email}: account linked and password-setup e-mail sent`,
          old_values: {
            status: before?.status ?? null,
            auth_user_id: before?.auth_user_id ?? null,
          },
          new_values: { status: after.status, auth_user_id: after.auth_user_id },
        },
      });
    });
    return { success: true, message: `Successfully recovered customer: ${email}` };
  }

  private wasRecovered(manager: EntityManager, userId: string): Promise<boolean> {
    return manager.getRepository(AdminActionEntity).existsBy({
      target_user_id: userId,
      action_type: 'recover_customer',
      outcome: 'success',
    });
  }

  /**
   * Get Password Link: a fresh password-setup URL for a customer, for the admin to pass on. For an
   * administrator's account the link goes by e-mail to its holder only, never to whoever asks.
   */
  async passwordLink(adminId: string, rawEmail: string): Promise<PasswordLinkAnswer> {
    const email = normaliseEmail(rawEmail);
    const lost = (await this.unprocessedCheckouts()).find(
      ({ reservation }) => reservation.email === email,
    );
    return this.dataSource.transaction(async (manager) => {
      // A buyer whose payment was never processed has no users row until the purchase completes.
      if (lost && !(await manager.getRepository(UserEntity).existsBy({ email }))) {
        await this.founding.complete(lost.session, manager);
        await this.revenue.reconcile(manager, idOf(lost.session.subscription)!);
      }
      const user = await manager.getRepository(UserEntity).findOneBy({ email });
      if (!user) throw RECONCILIATION_ERRORS.nobodyToRecover();
      const account = await ensureLinkedAccount(manager, this.userWrites, user, {
        source: 'recovery',
      });
      if (user.is_admin) return this.emailLink(manager, adminId, user, account);
      const link = await this.setupLink(manager, account.id);
      await this.audit.record(manager, {
        adminId,
        type: 'password_setup_link',
        targetUserId: user.id,
        details: { description: `Password setup link created for ${email}` },
      });
      return { success: true, passwordSetupUrl: `${this.config.appUrl}${link}` };
    });
  }

  /** An administrator's setup link (or reset link, once they have a password), e-mailed to them. */
  private async emailLink(
    manager: EntityManager,
    adminId: string,
    user: UserEntity,
    account: AuthAccountEntity,
  ): Promise<PasswordLinkAnswer> {
    const kind = account.password_hash ? 'password_reset' : 'password_setup';
    await this.tokens.retire(manager, account.id, [kind]);
    const link = `/setup-password#token=${await this.tokens.create(manager, account.id, kind)}`;
    await this.mail.enqueue(manager, {
      to: user.email,
      template: kind === 'password_reset' ? 'password-reset' : 'password-setup',
      data: { firstName: user.first_name, link },
      userId: user.id,
    });
    await this.audit.record(manager, {
      adminId,
      type: 'password_setup_link',
      targetUserId: user.id,
      details: { description: 'Password link e-mailed to the administrator' },
    });
    return {
      success: true,
      sentByEmail: true,
      message: `Password setup link sent by e-mail to ${user.email}`,
    };
  }

  /** Paid checkouts at Stripe whose completion we never recorded. */
  private async unprocessedCheckouts(): Promise<
    {
      session: Stripe.Checkout.Session;
      reservation: FoundingReservationEntity;
      user: UserEntity | null;
    }[]
  > {
    const pending = await this.dataSource
      .getRepository(FoundingReservationEntity)
      .createQueryBuilder('r')
      .where("r.status <> 'paid' AND r.stripe_checkout_session_id IS NOT NULL")
      .andWhere(`r.created_at > now() - make_interval(days => ${CHECKOUT_LOOKBACK_DAYS})`)
      .getMany();
    if (pending.length === 0) return [];
    const bySession = new Map(
      pending.map((reservation) => [reservation.stripe_checkout_session_id!, reservation]),
    );
    const found: Awaited<ReturnType<RecoveryService['unprocessedCheckouts']>> = [];
    for await (const session of this.stripe.checkout.sessions.list({
      status: 'complete',
      created: { gte: Math.floor(Date.now() / 1000) - CHECKOUT_LOOKBACK_DAYS * 86_400 },
      limit: 100,
    })) {
      const reservation = bySession.get(session.id);
      if (!reservation || session.payment_status !== 'paid') continue;
      const user = await this.dataSource
        .getRepository(UserEntity)
        .findOneBy({ email: reservation.email });
      found.push({ session, reservation, user });
    }
    return found;
  }

  private async setupLink(manager: EntityManager, accountId: string): Promise<string> {
    await this.tokens.retire(manager, accountId, ['password_setup']);
    return `/setup-password#token=${await this.tokens.create(manager, accountId, 'password_setup')}`;
  }
}
