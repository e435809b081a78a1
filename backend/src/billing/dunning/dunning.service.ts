import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { billingDate, formatUsd, getPlan } from '@leadpulse/common';
import { AppConfig } from '../../config/app-config.js';
import { JobsService } from '../../jobs/jobs.service.js';
import { MailService } from '../../mail/mail.service.js';
import { idOf } from '../../stripe/stripe-ids.js';
import { STRIPE } from '../../stripe/stripe.client.js';
import { UserEntity } from '../../users/user.entity.js';
import { DunningInvoiceEntity } from './dunning-invoice.entity.js';
import { graceEnd } from './payment-issue.js';

export const DUNNING_QUEUE = 'dunning';
/** Where the e-mail's button leads: the customer portal's payment method page, after sign-in. */
export const UPDATE_PAYMENT_METHOD_LINK =
  '/dashboard/settings?tab=subscription&action=update-payment-method';
const SUBSCRIPTION_LINK = '/dashboard/settings?tab=subscription';
/** Subscriptions that have ended: their member has no plan left to keep. */
const ENDED = ['canceled', 'incomplete_expired'];

const fromUnix = (seconds: number) => new Date(seconds * 1000);
const fromUnixOrNull = (seconds: number | null | undefined) => (seconds ? fromUnix(seconds) : null);

/**
 * Dunning: a renewal whose payment failed. Each invoice event makes us read the invoice as Stripe
 * holds it now and keep one row per invoice: when it first failed, until when the member keeps
 * their plan (BILLING_GRACE_DAYS), and Stripe's retries. The member hears "Your payment failed"
 * once while the invoice is unpaid and "Payment received" once when a later attempt pays it, each
 * marked on the row in the transaction that queues it; whatever the order or repetition of the
 * events, an invoice already paid when its failure is processed sends nothing; a subscription
 * Stripe cancels after its last retry sends "Your subscription has ended" once. A job notes when
 * grace periods end, on the Stripe clock that bills each invoice.
 */
@Injectable()
export class DunningService implements OnModuleInit {
  private readonly logger = new Logger(DunningService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.createQueue(DUNNING_QUEUE, { retryLimit: 2 });
    await this.jobs.schedule(DUNNING_QUEUE, '*/15 * * * *');
    await this.jobs.work(DUNNING_QUEUE, async () => {
      await this.noteGraceEnds();
    });
  }

  /**
   * `invoice.payment_failed`, `.paid`, `.voided` and `.marked_uncollectible`: the invoice as
   * Stripe holds it now settles its dunning state.
   */
  async onInvoiceChanged(event: Stripe.Event, manager: EntityManager): Promise<void> {
    const invoice = await this.stripe.invoices.retrieve((event.data.object as Stripe.Invoice).id!);
    await this.settle(invoice, manager);
  }

  /**
   * `customer.subscription.deleted`: Stripe cancels a subscription whose retries could not pay
   * its renewal, and the member is told once.
   */
  async onSubscriptionDeleted(event: Stripe.Event, manager: EntityManager): Promise<void> {
    await this.ended((event.data.object as Stripe.Subscription).id!, manager);
  }

  /**
   * `test_helpers.test_clock.ready`: a clock that moved may have taken grace periods past their
   * end. Queued in the event's transaction: with the embedded database a second connection
   * would wait for that transaction to end.
   */
  async onTestClockReady(_event: Stripe.Event, manager: EntityManager): Promise<void> {
    await this.jobs.send(DUNNING_QUEUE, {}, { manager });
  }

  /**
   * Brings the invoice's row in step with `invoice` (as Stripe holds it now) and sends the e-mail
   * its state calls for, if not sent yet. Only renewals are dunned: a failed first payment or plan
   * change has no plan to keep.
   */
  async settle(invoice: Stripe.Invoice, manager: EntityManager): Promise<void> {
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    const customerId = idOf(invoice.customer);
    if (invoice.billing_reason !== 'subscription_cycle' || !invoice.id) return;
    if (!subscriptionId || !customerId) return;
    const rows = manager.getRepository(DunningInvoiceEntity);
    const failing = invoice.status === 'open' && invoice.attempt_count > 0;
    if (failing) {
      // A renewal is charged as it is finalized: that is its first attempt, whichever event of
      // its attempts we hear of first.
      const firstFailedAt = fromUnix(invoice.status_transitions?.finalized_at ?? invoice.created);
      const user = await manager
        .getRepository(UserEntity)
        .findOneBy({ stripe_customer_id: customerId });
      await manager
        .createQueryBuilder()
        .insert()
        .into(DunningInvoiceEntity)
        .values({
          stripe_invoice_id: invoice.id,
          stripe_subscription_id: subscriptionId,
          stripe_customer_id: customerId,
          user_id: user?.id ?? null,
          status: invoice.status!,
          amount_cents: invoice.amount_due,
          first_failed_at: firstFailedAt,
          grace_ends_at: graceEnd(firstFailedAt, this.config.billing.graceDays),
          attempt_count: invoice.attempt_count,
          next_payment_attempt: fromUnixOrNull(invoice.next_payment_attempt),
          stripe_test_clock: idOf(invoice.test_clock),
        })
        .orIgnore()
        .execute();
    }
    const row = await rows.findOne({
      where: { stripe_invoice_id: invoice.id },
      lock: { mode: 'pessimistic_write' },
    });
    // Paid (or voided) without a failure we know of: nothing to tell.
    if (!row) return;
    const now = failing ? await this.stripeNow(invoice) : undefined;
    const user =
      row.user_id === null
        ? await manager.getRepository(UserEntity).findOneBy({ stripe_customer_id: customerId })
        : await manager.getRepository(UserEntity).findOneBy({ id: row.user_id });
    await rows.update(row.id, {
      status: invoice.status ?? row.status,
      amount_cents: invoice.amount_due,
      attempt_count: invoice.attempt_count,
      next_payment_attempt: fromUnixOrNull(invoice.next_payment_attempt),
      paid_at: fromUnixOrNull(invoice.status_transitions?.paid_at),
      user_id: user?.id ?? null,
      ...(now && !row.blocked_at && now >= row.grace_ends_at ? { blocked_at: now } : {}),
    });
    if (!user) return;
    if (now && !row.failed_email_sent_at) await this.sendFailed(manager, row, invoice, user, now);
    if (invoice.status === 'paid' && row.failed_email_sent_at && !row.recovered_email_sent_at)
      await this.sendReceived(manager, row, invoice, user);
  }

  /**
   * Notes the grace periods now over, each judged on the clock that bills its invoice (a Stripe
   * test clock's time, or ours); answers how many it noted.
   */
  async noteGraceEnds(): Promise<number> {
    const clocks = (await this.dataSource.query(
      `SELECT DISTINCT stripe_test_clock FROM dunning_invoices WHERE status = 'open' AND blocked_at IS NULL`,
    )) as { stripe_test_clock: string | null }[];
    let noted = 0;
    for (const { stripe_test_clock: clock } of clocks) {
      try {
        const now = clock
          ? fromUnix((await this.stripe.testHelpers.testClocks.retrieve(clock)).frozen_time)
          : new Date();
        const [, affected] = (await this.dataSource.query(
          `UPDATE dunning_invoices SET blocked_at = $2, updated_at = now()
            WHERE status = 'open' AND blocked_at IS NULL AND stripe_test_clock IS NOT DISTINCT FROM $1
              AND grace_ends_at <= $2`,
          [clock, now],
        )) as [unknown, number];
        noted += affected;
      } catch (error) {
        this.logger.warn(`Grace periods on ${clock ?? 'real time'} not checked: ${String(error)}`);
      }
    }
    return noted;
  }

  /** "Your payment failed": once, and only while the subscription has not ended. */
  private async sendFailed(
    manager: EntityManager,
    row: DunningInvoiceEntity,
    invoice: Stripe.Invoice,
    user: UserEntity,
    now: Date,
  ): Promise<void> {
    const subscription = await this.stripe.subscriptions.retrieve(row.stripe_subscription_id);
    if (ENDED.includes(subscription.status)) return;
    if (!(await this.mark(manager, row.id, 'failed_email_sent_at'))) return;
    await this.mail.enqueue(manager, {
      to: user.email,
      template: 'payment-failed',
      data: {
        firstName: user.first_name || undefined,
        amount: formatUsd(invoice.amount_due),
        planName: this.planName(subscription),
        nextAttemptDate: invoice.next_payment_attempt
          ? billingDate(fromUnix(invoice.next_payment_attempt))
          : undefined,
        graceEndDate: billingDate(row.grace_ends_at),
        suspended: now >= row.grace_ends_at,
        link: UPDATE_PAYMENT_METHOD_LINK,
      },
      userId: user.id,
    });
  }

  /**
   * "Your subscription has ended": once, when Stripe (as it holds the subscription now) cancelled
   * it because its retries could not pay. The unpaid renewal's row is brought in step first, in
   * case its own events are still on their way; "Your payment failed" is then never sent for it.
   */
  async ended(subscriptionId: string, manager: EntityManager): Promise<void> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    if (
      subscription.status !== 'canceled' ||
      subscription.cancellation_details?.reason !== 'payment_failed'
    )
      return;
    const invoiceId = idOf(subscription.latest_invoice);
    if (invoiceId) await this.settle(await this.stripe.invoices.retrieve(invoiceId), manager);
    // A second delivery waits on these rows, then finds them marked: nothing is sent twice.
    const [rows] = (await manager.query(
      `UPDATE dunning_invoices SET ended_email_sent_at = now(), updated_at = now()
        WHERE stripe_subscription_id = $1 AND paid_at IS NULL AND ended_email_sent_at IS NULL
        RETURNING amount_cents, stripe_customer_id`,
      [subscriptionId],
    )) as [{ amount_cents: number; stripe_customer_id: string }[], number];
    if (rows.length === 0) return;
    const user = await manager
      .getRepository(UserEntity)
      .findOneBy({ stripe_customer_id: rows[0].stripe_customer_id });
    if (!user) return;
    await this.mail.enqueue(manager, {
      to: user.email,
      template: 'payment-ended',
      data: {
        firstName: user.first_name || undefined,
        amount: formatUsd(rows.reduce((sum, row) => sum + row.amount_cents, 0)),
        planName: this.planName(subscription),
        link: SUBSCRIPTION_LINK,
      },
      userId: user.id,
    });
  }

  /** "Payment received": once, after the failure was told. */
  private async sendReceived(
    manager: EntityManager,
    row: DunningInvoiceEntity,
    invoice: Stripe.Invoice,
    user: UserEntity,
  ): Promise<void> {
    if (!(await this.mark(manager, row.id, 'recovered_email_sent_at'))) return;
    const subscription = await this.stripe.subscriptions.retrieve(row.stripe_subscription_id);
    await this.mail.enqueue(manager, {
      to: user.email,
      template: 'payment-received',
      data: {
        firstName: user.first_name || undefined,
        amount: formatUsd(invoice.amount_paid),
        planName: this.planName(subscription),
        link: SUBSCRIPTION_LINK,
      },
      userId: user.id,
    });
  }

  /** Marks an e-mail as sent; false when it was already (the e-mail is then not sent again). */
  private async mark(
    manager: EntityManager,
    id: string,
    column: 'failed_email_sent_at' | 'recovered_email_sent_at',
  ): Promise<boolean> {
    const [, affected] = (await manager.query(
      `UPDATE dunning_invoices SET ${column} = now(), updated_at = now() WHERE id = $1 AND ${column} IS NULL`,
      [id],
    )) as [unknown, number];
    return affected === 1;
  }

  /** Now, as Stripe bills the invoice: its test clock's time, or the real time. */
  private async stripeNow(invoice: Stripe.Invoice): Promise<Date> {
    const clockId = idOf(invoice.test_clock);
    if (!clockId) return new Date();
    return fromUnix((await this.stripe.testHelpers.testClocks.retrieve(clockId)).frozen_time);
  }

  /** The plan's name as the member knows it ("Prospector"). */
  private planName(subscription: Stripe.Subscription): string {
    const priceId = subscription.items.data[0]?.price.id;
    const code = Object.entries(this.config.stripe.prices).find(([, id]) => id === priceId)?.[0];
    return getPlan(code).name;
  }
}
