/** Invoicing: what one billing of a subscription creates (an invoice, a charge, its payment). */
import { newId, subscriptionItem, type Body, type StripeObject } from './sandbox-common.js';
import type { SandboxEvents } from './sandbox-events.js';
import type { Decline } from './sandbox-cards.js';
import {
  activeDiscount,
  discountOff,
  invoiceObject,
  nextNumber,
  upcomingId,
} from './sandbox-invoice-objects.js';
import { attemptPayment } from './sandbox-payment-intents.js';
import { privateOf, setPrivate } from './sandbox-private.js';
import type { SandboxStore } from './sandbox-store.js';

const DAY = 24 * 60 * 60;

/** Smart Retries as the account sets them (see SandboxOptions). */
export interface RetrySettings {
  /** Days after the first failed attempt on which the charge is tried again. */
  retryDays: number[];
  /** What the subscription becomes once the last retry has failed (past_due: it stays so). */
  afterFailedRetries: 'canceled' | 'unpaid' | 'past_due';
}

/** Four retries within two weeks, as Stripe's Smart Retries make by default. */
export const DEFAULT_RETRY_SETTINGS: RetrySettings = {
  retryDays: [3, 5, 7, 14],
  afterFailedRetries: 'canceled',
};

/** What the sandbox keeps of an invoice's retries (not a field of Stripe's invoice). */
interface RetryState {
  /** When the first attempt failed. */
  firstFailedAt: number;
  /** Scheduled retries made so far. */
  retries: number;
}

/** The outcome of one payment attempt at an open invoice. */
export interface Attempt {
  invoice: StripeObject;
  paid: boolean;
  /** The last scheduled retry failed: the subscription's fate is the account's setting. */
  exhausted: boolean;
  /** How the card declined, with the charge and the PaymentIntent of the attempt. */
  decline?: Decline;
  charge: StripeObject;
  intent: StripeObject;
}

export class SandboxInvoicing {
  constructor(
    private readonly store: SandboxStore,
    private readonly events: SandboxEvents,
    readonly retrySettings: RetrySettings = DEFAULT_RETRY_SETTINGS,
  ) {}

  /**
   * Invoices the current period and charges the customer's default card, with Stripe's events
   * in Stripe's order: the invoice created (a draft), finalized, then the charge and the
   * invoice's payment. A declined card leaves the invoice open, its next attempt scheduled (Smart
   * Retries), and the subscription past_due; a declined first payment leaves a new subscription
   * `incomplete`, its invoice never retried (it expires after 23 hours, see SandboxBillingEngine).
   */
  bill(subscription: StripeObject, reason: string, prorated?: number): StripeObject {
    const customer = this.store.get(String(subscription.customer))!;
    const method = this.defaultMethod(customer);
    const now = this.store.now();
    const full = prorated ?? Number((subscriptionItem(subscription).price as Body).unit_amount);
    const discount =
      prorated === undefined ? activeDiscount(this.store, subscription, now) : undefined;
    const off = discount ? discountOff(this.store, discount, full) : 0;
    const amount = full - off;

    const draft = this.store.save(
      invoiceObject(this.store, newId('invoice'), subscription, customer, reason, full, {
        proration: prorated !== undefined,
        discount,
        off,
      }),
    );
    this.events.emit('invoice.created', draft);
    const open = this.store.save({
      ...draft,
      status: 'open',
      number: nextNumber(this.store, customer.id),
      effective_at: now,
      status_transitions: { ...(draft.status_transitions as Body), finalized_at: now },
    });
    this.events.emit('invoice.finalized', open);

    const { charge, decline } = attemptPayment(this.store, this.events, {
      owner: open.id,
      customer,
      method,
      amount,
      description:
        reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    });
    const paid = !decline;
    const first = reason === 'subscription_create';
    const payment = this.store.save(
      this.store.fromFixture('invoice_payment', {
        id: newId('invoice_payment'),
        invoice: open.id,
        amount_paid: paid ? amount : null,
        amount_requested: amount,
        currency: 'usd',
        payment: { type: 'charge', charge: charge.id },
        status: paid ? 'paid' : 'open',
        status_transitions: { canceled_at: null, paid_at: paid ? now : null },
      }),
    );
    if (!paid && !first) setPrivate(this.store, open.id, { firstFailedAt: now, retries: 0 });
    const attempted = this.store.save({
      ...open,
      attempted: true,
      attempt_count: 1,
      hosted_invoice_url: `${this.store.url}/receipts/${charge.id}`,
      ...(paid
        ? {
            status: 'paid',
            amount_paid: amount,
            amount_remaining: 0,
            auto_advance: false,
            status_transitions: { ...(open.status_transitions as Body), paid_at: now },
          }
        : { next_payment_attempt: first ? null : this.retryAt(open.id, 0) }),
    });
    if (paid) {
      this.events.emit('invoice.paid', attempted);
      this.events.emit('invoice.payment_succeeded', attempted);
      this.events.emit('invoice_payment.paid', payment);
    } else this.events.emit('invoice.payment_failed', attempted);

    const billed = this.store.save({
      ...this.store.get(subscription.id)!,
      latest_invoice: attempted.id,
      status: paid ? 'active' : first ? 'incomplete' : 'past_due',
    });
    if (billed.status !== subscription.status)
      this.events.emit('customer.subscription.updated', billed, subscription);
    // No retries configured: the first failure was the last.
    if (!paid && !first && attempted.next_payment_attempt === null) {
      this.afterFailedRetries(billed);
      return this.store.get(subscription.id)!;
    }
    return billed;
  }

  /**
   * Pays an open invoice now with the customer's default card (Stripe's Pay invoice, and what a
   * scheduled retry does), with Stripe's events: the charge, then the invoice paid and its
   * subscription active again, or the payment failed once more. A scheduled retry that fails
   * schedules the next one, or none after the last (`exhausted`); an attempt asked for through the
   * API leaves the schedule as it was.
   */
  pay(invoice: StripeObject, scheduled = false): Attempt {
    const customer = this.store.get(String(invoice.customer))!;
    const method = this.defaultMethod(customer);
    const now = this.store.now();
    const amount = Number(invoice.amount_remaining);
    const { charge, intent, decline } = attemptPayment(this.store, this.events, {
      owner: invoice.id,
      customer,
      method,
      amount,
      description: 'Subscription update',
    });
    const paid = !decline;
    const payment = this.store.save(
      this.store.fromFixture('invoice_payment', {
        id: newId('invoice_payment'),
        invoice: invoice.id,
        amount_paid: paid ? amount : null,
        amount_requested: amount,
        currency: 'usd',
        payment: { type: 'charge', charge: charge.id },
        status: paid ? 'paid' : 'open',
        status_transitions: { canceled_at: null, paid_at: paid ? now : null },
      }),
    );
    let nextAttempt = paid ? null : ((invoice.next_payment_attempt as number | null) ?? null);
    let exhausted = false;
    if (!paid && scheduled) {
      const retries = Number(privateOf<RetryState & Body>(this.store, invoice.id).retries ?? 0) + 1;
      setPrivate(this.store, invoice.id, { retries });
      nextAttempt = this.retryAt(invoice.id, retries);
      exhausted = nextAttempt === null;
    }
    const attempted = this.store.save({
      ...invoice,
      attempted: true,
      attempt_count: Number(invoice.attempt_count) + 1,
      next_payment_attempt: nextAttempt,
      hosted_invoice_url: `${this.store.url}/receipts/${charge.id}`,
      ...(paid
        ? {
            status: 'paid',
            amount_paid: amount,
            amount_remaining: 0,
            auto_advance: false,
            status_transitions: { ...(invoice.status_transitions as Body), paid_at: now },
          }
        : {}),
    });
    if (paid) {
      this.events.emit('invoice.paid', attempted);
      this.events.emit('invoice.payment_succeeded', attempted);
      this.events.emit('invoice_payment.paid', payment);
    } else this.events.emit('invoice.payment_failed', attempted);
    const subscription = this.subscriptionOf(invoice);
    // Paying the latest invoice brings a past-due, unpaid or incomplete subscription to active.
    if (
      paid &&
      ['past_due', 'unpaid', 'incomplete'].includes(String(subscription?.status)) &&
      subscription &&
      subscription.latest_invoice === invoice.id
    ) {
      const active = this.store.save({ ...subscription, status: 'active' });
      this.events.emit('customer.subscription.updated', active, subscription);
    }
    if (exhausted && subscription) this.afterFailedRetries(subscription);
    return { invoice: attempted, paid, exhausted, decline, charge, intent };
  }

  /** The customer's default payment method, if it has one. */
  private defaultMethod(customer: StripeObject): StripeObject | undefined {
    const methodId = (customer.invoice_settings as Body).default_payment_method;
    return methodId ? this.store.get(String(methodId)) : undefined;
  }

  /**
   * The account's setting once the last retry has failed: the subscription is cancelled (Stripe
   * records why), marked unpaid, or left past due, with the event Stripe sends for each. The
   * invoice stays open.
   */
  private afterFailedRetries(subscription: StripeObject): void {
    const setting = this.retrySettings.afterFailedRetries;
    if (setting === 'past_due' || !['past_due', 'active'].includes(String(subscription.status)))
      return;
    const now = this.store.now();
    if (setting === 'unpaid') {
      const unpaid = this.store.save({ ...subscription, status: 'unpaid' });
      this.events.emit('customer.subscription.updated', unpaid, subscription);
      return;
    }
    const canceled = this.store.save({
      ...subscription,
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
      cancel_at_period_end: false,
      cancellation_details: {
        ...(subscription.cancellation_details as Body),
        reason: 'payment_failed',
      },
    });
    this.events.emit('customer.subscription.deleted', canceled);
  }

  /** The subscription an invoice bills, if any. */
  subscriptionOf(invoice: StripeObject): StripeObject | undefined {
    const subscriptionId = ((invoice.parent as Body | null)?.subscription_details as Body | null)
      ?.subscription;
    return subscriptionId ? this.store.get(String(subscriptionId)) : undefined;
  }

  /** An open invoice's next scheduled retry, after `retries` of them, counted from its first failure. */
  private retryAt(invoiceId: string, retries: number): number | null {
    const days = this.retrySettings.retryDays[retries];
    if (days === undefined) return null;
    const { firstFailedAt } = privateOf<RetryState & Body>(this.store, invoiceId);
    return Number(firstFailedAt ?? this.store.now()) + Math.round(days * DAY);
  }

  /** Stops the retries of an invoice whose subscription has ended (Stripe collects no more). */
  stopRetries(invoice: StripeObject): StripeObject {
    return this.store.save({ ...invoice, next_payment_attempt: null });
  }

  /**
   * What changing the subscription to `after` would invoice now (Stripe's preview): the net of
   * the proration, a credit left on the balance when negative. Nothing is saved.
   */
  preview(after: StripeObject, net: number): StripeObject {
    const customer = this.store.get(String(after.customer))!;
    return {
      ...invoiceObject(this.store, upcomingId(), after, customer, 'subscription_update', net, {
        proration: true,
        off: 0,
      }),
      amount_due: Math.max(0, net),
      amount_remaining: Math.max(0, net),
      ending_balance: Math.min(0, net),
    };
  }

  /**
   * The invoice the subscription's next renewal will create at `at`, the end of the period that
   * began at `since` (Stripe's preview of the upcoming invoice): `renewed` carries the price and
   * the period it will bill, less the discount that will still apply then. Nothing is saved.
   */
  upcoming(renewed: StripeObject, since: number, at: number): StripeObject {
    const customer = this.store.get(String(renewed.customer))!;
    const full = Number((subscriptionItem(renewed).price as Body).unit_amount);
    const discount = activeDiscount(this.store, renewed, at);
    const off = discount ? discountOff(this.store, discount, full) : 0;
    return {
      ...invoiceObject(this.store, upcomingId(), renewed, customer, 'subscription_cycle', full, {
        proration: false,
        discount,
        off,
      }),
      created: at,
      period_start: since,
      period_end: at,
      next_payment_attempt: at,
    };
  }
}
