/** Invoicing: what one billing of a subscription creates (an invoice, a charge, its payment). */
import { randomBytes } from 'node:crypto';
import { newId, subscriptionItem, type Body, type StripeObject } from './sandbox-common.js';
import { SANDBOX_CLOCK_ID } from './sandbox-catalogue.js';
import type { SandboxEvents } from './sandbox-events.js';
import { freshObject } from './sandbox-objects.js';
import { money } from './sandbox-pages.js';
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
}

/** Stripe's outcome of a card payment the network approved, and of one the issuer declined. */
const APPROVED = {
  advice_code: null,
  network_advice_code: null,
  network_decline_code: null,
  network_status: 'approved_by_network',
  reason: null,
  risk_level: 'normal',
  seller_message: 'Payment complete.',
  type: 'authorized',
};
const DECLINED = {
  ...APPROVED,
  network_status: 'declined_by_network',
  reason: 'generic_decline',
  seller_message: 'The bank did not return any further details with this decline.',
  type: 'issuer_declined',
};

/** A previewed invoice's id: Stripe's previews are not objects one can fetch. */
const upcomingId = () =>
  `upcoming_in_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

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
   * Retries), and the subscription past_due.
   */
  bill(subscription: StripeObject, reason: string, prorated?: number): StripeObject {
    const customer = this.store.get(String(subscription.customer))!;
    const methodId = (customer.invoice_settings as Body).default_payment_method;
    const method = methodId ? this.store.get(String(methodId)) : undefined;
    const paid = !!method && !privateOf(this.store, method.id).declines;
    const now = this.store.now();
    const full = prorated ?? Number((subscriptionItem(subscription).price as Body).unit_amount);
    const discount = prorated === undefined ? this.activeDiscount(subscription, now) : undefined;
    const off = discount ? this.discountOff(discount, full) : 0;
    const amount = full - off;

    const draft = this.store.save(
      this.invoiceObject(newId('invoice'), subscription, customer, reason, full, {
        proration: prorated !== undefined,
        discount,
        off,
      }),
    );
    this.events.emit('invoice.created', draft);
    const open = this.store.save({
      ...draft,
      status: 'open',
      number: this.nextNumber(customer.id),
      effective_at: now,
      status_transitions: { ...(draft.status_transitions as Body), finalized_at: now },
    });
    this.events.emit('invoice.finalized', open);

    const charge = this.charge(
      customer,
      method,
      amount,
      paid,
      reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    );
    this.events.emit(paid ? 'charge.succeeded' : 'charge.failed', charge);
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
    if (!paid) setPrivate(this.store, open.id, { firstFailedAt: now, retries: 0 });
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
        : { next_payment_attempt: this.retryAt(open.id, 0) }),
    });
    if (paid) {
      this.events.emit('invoice.paid', attempted);
      this.events.emit('invoice.payment_succeeded', attempted);
      this.events.emit('invoice_payment.paid', payment);
    } else this.events.emit('invoice.payment_failed', attempted);

    const billed = this.store.save({
      ...this.store.get(subscription.id)!,
      latest_invoice: attempted.id,
      status: paid ? 'active' : 'past_due',
    });
    if (billed.status !== subscription.status)
      this.events.emit('customer.subscription.updated', billed, subscription);
    // No retries configured: the first failure was the last.
    if (!paid && attempted.next_payment_attempt === null) {
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
    const methodId = (customer.invoice_settings as Body).default_payment_method;
    const method = methodId ? this.store.get(String(methodId)) : undefined;
    const paid = !!method && !privateOf(this.store, method.id).declines;
    const now = this.store.now();
    const amount = Number(invoice.amount_remaining);
    const charge = this.charge(customer, method, amount, paid, 'Subscription update');
    this.events.emit(paid ? 'charge.succeeded' : 'charge.failed', charge);
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
    // Paying the latest invoice brings a past-due (or unpaid) subscription back to active.
    if (
      paid &&
      (subscription?.status === 'past_due' || subscription?.status === 'unpaid') &&
      subscription.latest_invoice === invoice.id
    ) {
      const active = this.store.save({ ...subscription, status: 'active' });
      this.events.emit('customer.subscription.updated', active, subscription);
    }
    if (exhausted && subscription) this.afterFailedRetries(subscription);
    return { invoice: attempted, paid, exhausted };
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
      ...this.invoiceObject(upcomingId(), after, customer, 'subscription_update', net, {
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
    const discount = this.activeDiscount(renewed, at);
    const off = discount ? this.discountOff(discount, full) : 0;
    return {
      ...this.invoiceObject(upcomingId(), renewed, customer, 'subscription_cycle', full, {
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

  /** An invoice as first created: a draft of one line, `full` less any discount. */
  private invoiceObject(
    id: string,
    subscription: StripeObject,
    customer: StripeObject,
    reason: string,
    full: number,
    { proration, discount, off }: { proration: boolean; discount?: StripeObject; off: number },
  ): StripeObject {
    const item = subscriptionItem(subscription);
    const price = item.price as StripeObject;
    const amount = full - off;
    const discountAmounts = discount ? [{ amount: off, discount: discount.id }] : [];
    const interval = Number((price.recurring as Body).interval_count);
    const line = {
      ...freshObject('line_item'),
      id: `il_${randomBytes(8).toString('hex')}`,
      object: 'line_item',
      amount: full,
      currency: 'usd',
      description: proration
        ? `Remaining time on ${String(price.nickname)} after the plan change`
        : `1 × ${String(price.nickname)} (at ${money(full)} / ${
            interval === 1 ? 'month' : `every ${interval} months`
          })`,
      discount_amounts: discountAmounts,
      discounts: discount ? [discount.id] : [],
      invoice: id,
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration,
          proration_details: { credited_items: null },
          subscription: subscription.id,
          subscription_item: item.id,
        },
      },
      period: { start: item.current_period_start, end: item.current_period_end },
      pretax_credit_amounts: [],
      pricing: {
        type: 'price_details',
        price_details: { price: price.id, product: price.product },
        unit_amount_decimal: String(full),
      },
      quantity: 1,
      subscription: subscription.id,
      subtotal: full,
      taxes: [],
    };
    return this.store.fromFixture('invoice', {
      id,
      customer: customer.id,
      customer_address: customer.address ?? null,
      customer_email: customer.email ?? null,
      customer_name: customer.name ?? null,
      customer_phone: customer.phone ?? null,
      customer_shipping: customer.shipping ?? null,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
      },
      billing_reason: reason,
      currency: 'usd',
      status: 'draft',
      auto_advance: true,
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      subtotal: full,
      subtotal_excluding_tax: full,
      total: amount,
      total_excluding_tax: amount,
      discounts: discount ? [discount.id] : [],
      total_discount_amounts: discountAmounts,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      period_start: item.current_period_start,
      period_end: item.current_period_start,
      test_clock: SANDBOX_CLOCK_ID,
      status_transitions: {
        finalized_at: null,
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      lines: { object: 'list', data: [line], has_more: false, url: `/v1/invoices/${id}/lines` },
    });
  }

  /** The next number of the customer's invoices: its prefix and sequence, as Stripe numbers. */
  private nextNumber(customerId: string): string {
    const customer = this.store.get(customerId)!;
    const sequence = Number(customer.next_invoice_sequence);
    this.store.save({ ...customer, next_invoice_sequence: sequence + 1 });
    return `${String(customer.invoice_prefix)}-${String(sequence).padStart(4, '0')}`;
  }

  /** A card charge (a failed one when the card declines or the customer has none). */
  private charge(
    customer: StripeObject,
    method: StripeObject | undefined,
    amount: number,
    paid: boolean,
    description: string,
  ): StripeObject {
    const id = newId('charge');
    const card = method?.card as Body | undefined;
    return this.store.save(
      this.store.fromFixture('charge', {
        id,
        amount,
        amount_captured: paid ? amount : 0,
        amount_refunded: 0,
        captured: paid,
        paid,
        refunded: false,
        status: paid ? 'succeeded' : 'failed',
        failure_code: paid ? null : 'card_declined',
        failure_message: paid ? null : 'Your card was declined.',
        outcome: paid ? APPROVED : DECLINED,
        currency: 'usd',
        customer: customer.id,
        description,
        receipt_email: customer.email ?? null,
        receipt_url: `${this.store.url}/receipts/${id}`,
        payment_method: method?.id ?? null,
        payment_method_details: card
          ? {
              type: 'card',
              card: {
                ...freshObject('charge.card'),
                amount_authorized: paid ? amount : null,
                brand: card.brand,
                country: card.country,
                exp_month: card.exp_month,
                exp_year: card.exp_year,
                fingerprint: card.fingerprint,
                funding: card.funding,
                last4: card.last4,
                network: card.brand,
                overcapture: { maximum_amount_capturable: amount, status: 'unavailable' },
              },
            }
          : null,
        refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
      }),
    );
  }

  /** The subscription's discount, if it still applies at `time`. */
  private activeDiscount(subscription: StripeObject, time: number): StripeObject | undefined {
    const [discountId] = (subscription.discounts as string[] | undefined) ?? [];
    const discount = discountId ? this.store.get(discountId) : undefined;
    if (!discount || (discount.end !== null && Number(discount.end) <= time)) return undefined;
    return discount;
  }

  /** What a discount's coupon takes off `amount`. */
  private discountOff(discount: StripeObject, amount: number): number {
    const coupon = this.store.get(String((discount.source as Body).coupon));
    if (coupon?.amount_off) return Math.min(amount, Number(coupon.amount_off));
    return Math.round((amount * Number(coupon?.percent_off ?? 0)) / 100);
  }
}
