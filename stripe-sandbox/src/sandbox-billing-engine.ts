/**
 * The billing engine. Billing runs on test clocks: advancing one renews the subscriptions on it
 * (`clock_sandbox`: those on no clock), moves subscription schedules to their next phase and
 * charges the customer's default card, with the events Stripe sends for each step.
 */
import {
  addMonths,
  newId,
  nextCycleEnd,
  periodEnd,
  realNow,
  subscriptionItem,
  type Body,
  type StripeObject,
} from './sandbox-common.js';
import { SANDBOX_CLOCK_ID, SANDBOX_PRICES } from './sandbox-catalogue.js';
import type { SandboxEvents } from './sandbox-events.js';
import type { Attempt, SandboxInvoicing } from './sandbox-invoicing.js';
import type { Decline } from './sandbox-cards.js';
import { declineOf } from './sandbox-payment-intents.js';
import { expireIncomplete, INCOMPLETE_EXPIRES_AFTER } from './sandbox-incomplete.js';
import { automatically } from './sandbox-requests.js';
import type { SandboxStore } from './sandbox-store.js';
import {
  catalogueItem,
  cycleAnchor,
  renewalPrice,
  withPrice,
} from './sandbox-subscription-prices.js';

/** Whether an object is on a clock (objects on none follow the sandbox's own time). */
const onClock = (object: StripeObject, clockId: string) =>
  (object.test_clock ?? SANDBOX_CLOCK_ID) === clockId;

/** Subscriptions that billing still renews or collects. */
const LIVE_STATUSES = new Set(['active', 'past_due', 'trialing', 'unpaid', 'incomplete']);

export class SandboxBillingEngine {
  constructor(
    private readonly store: SandboxStore,
    private readonly events: SandboxEvents,
    private readonly invoicing: SandboxInvoicing,
  ) {}

  /** The subscriptions on a clock that billing still renews or collects. */
  liveOn(clockId: string): StripeObject[] {
    return this.store.all(
      'subscription',
      (subscription) =>
        LIVE_STATUSES.has(String(subscription.status)) && onClock(subscription, clockId),
    );
  }

  /**
   * A new subscription, billed at once: `incomplete` from the start when the customer's card will
   * decline its first payment (Stripe's default `payment_behavior`, allow_incomplete).
   */
  subscribe(
    customerId: string,
    priceId: string,
    metadata: Body,
    promo?: StripeObject,
  ): StripeObject {
    const price = SANDBOX_PRICES[priceId];
    const start = this.store.now();
    const subscriptionId = newId('subscription');
    const customer = this.store.get(customerId)!;
    const declines = !!this.firstPaymentDecline(customer);
    const fresh = this.store.fromFixture('subscription', {
      id: subscriptionId,
      customer: customerId,
      currency: 'usd',
      status: declines ? 'incomplete' : 'active',
      start_date: start,
      billing_cycle_anchor: start,
      test_clock: customer.test_clock ?? null,
      metadata,
      items: {
        object: 'list',
        data: [
          catalogueItem(
            this.store,
            subscriptionId,
            priceId,
            start,
            addMonths(start, price.interval_count),
          ),
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
      },
    });
    // A code entered at checkout discounts the subscription from its creation.
    const coupon = promo ? this.store.get(String((promo.promotion as Body).coupon)) : undefined;
    const discount = promo && coupon ? this.discount(coupon, fresh, promo.id) : undefined;
    const subscription = this.store.save({ ...fresh, discounts: discount ? [discount.id] : [] });
    this.events.emit('customer.subscription.created', subscription);
    return this.invoicing.bill(subscription, 'subscription_create');
  }

  /** How the customer's default card would decline a payment now, if it would. */
  firstPaymentDecline(customer: StripeObject): Decline | undefined {
    const methodId = (customer.invoice_settings as Body).default_payment_method;
    return declineOf(this.store, methodId ? this.store.get(String(methodId)) : undefined);
  }

  /** Pays an open invoice now with the customer's default card (see SandboxInvoicing.pay). */
  payInvoice(invoice: StripeObject): Attempt {
    return this.invoicing.pay(invoice);
  }

  /**
   * A scheduled retry of an open invoice (Smart Retries), unless its subscription has ended
   * since: Stripe then collects no more.
   */
  private retry(invoice: StripeObject): void {
    const subscription = this.invoicing.subscriptionOf(invoice);
    if (subscription && !['active', 'past_due', 'unpaid'].includes(String(subscription.status))) {
      this.invoicing.stopRetries(invoice);
      return;
    }
    this.invoicing.pay(invoice, true);
  }

  /**
   * A price change invoiced at once: the unused part of the old price is credited and the rest of
   * the period charged at the new one. A net credit goes to the customer's balance.
   */
  prorationAmount(before: StripeObject, after: StripeObject): number {
    const item = subscriptionItem(before);
    const start = Number(item.current_period_start);
    const end = Number(item.current_period_end);
    const left = Math.max(0, Math.min(1, (end - this.store.now()) / Math.max(1, end - start)));
    const oldAmount = Number((item.price as StripeObject).unit_amount);
    const newAmount = Number((subscriptionItem(after).price as StripeObject).unit_amount);
    return Math.round((newAmount - oldAmount) * left);
  }

  /** What changing the subscription's price to `priceId` would invoice now, changing nothing. */
  preview(subscription: StripeObject, priceId: string): StripeObject {
    const after = { ...subscription, items: withPrice(subscription, priceId) };
    return this.invoicing.preview(after, this.prorationAmount(subscription, after));
  }

  /**
   * The invoice the subscription's next renewal will create (Stripe's upcoming invoice): the
   * price its schedule puts in place then, for the period after. None when nothing will be
   * billed: the subscription has ended, or ends at the end of this period.
   */
  upcoming(subscription: StripeObject): StripeObject | undefined {
    if (!['active', 'past_due', 'trialing', 'unpaid'].includes(String(subscription.status)))
      return undefined;
    if (subscription.cancel_at_period_end) return undefined;
    const boundary = periodEnd(subscription);
    const priceId = renewalPrice(this.store, subscription, boundary);
    if (!priceId) return undefined;
    const item = subscriptionItem(subscription);
    const renewed = {
      ...subscription,
      items: withPrice(
        subscription,
        priceId,
        boundary,
        nextCycleEnd(
          cycleAnchor(subscription, priceId, boundary),
          boundary,
          SANDBOX_PRICES[priceId].interval_count,
        ),
      ),
    };
    return this.invoicing.upcoming(renewed, Number(item.current_period_start), boundary);
  }

  prorate(before: StripeObject, after: StripeObject): StripeObject {
    const net = this.prorationAmount(before, after);
    if (net <= 0) {
      const customer = this.store.get(String(after.customer))!;
      const credited = this.store.save({ ...customer, balance: Number(customer.balance) + net });
      if (net < 0) this.events.emit('customer.updated', credited, customer);
      return after;
    }
    return this.invoicing.bill(after, 'subscription_update', net);
  }

  /** A coupon applied to a subscription (through a promotion code, if given), for its duration. */
  discount(coupon: StripeObject, subscription: StripeObject, promotionCode?: string): StripeObject {
    const start = this.store.now();
    const months = coupon.duration === 'repeating' ? Number(coupon.duration_in_months) : null;
    const discount = this.store.save(
      this.store.fromFixture('discount', {
        id: newId('discount'),
        customer: subscription.customer,
        subscription: subscription.id,
        start,
        end: months ? addMonths(start, months) : null,
        promotion_code: promotionCode ?? null,
        source: { coupon: coupon.id, type: 'coupon' },
      }),
    );
    this.store.save({ ...coupon, times_redeemed: Number(coupon.times_redeemed) + 1 });
    this.events.emit('customer.discount.created', discount);
    return discount;
  }

  cancelNow(subscription: StripeObject): StripeObject {
    const canceled = this.store.save({
      ...subscription,
      status: 'canceled',
      canceled_at: subscription.canceled_at ?? this.store.now(),
      ended_at: this.store.now(),
      cancel_at_period_end: false,
      cancellation_details: {
        ...(subscription.cancellation_details as Body),
        reason: 'cancellation_requested',
      },
    });
    this.events.emit('customer.subscription.deleted', canceled);
    return canceled;
  }

  release(schedule: StripeObject): StripeObject {
    const released = this.store.save({
      ...schedule,
      status: 'released',
      released_at: this.store.now(),
      released_subscription: schedule.subscription,
      subscription: null,
      current_phase: null,
    });
    this.events.emit('subscription_schedule.released', released, schedule);
    const subscription = this.store.get(String(schedule.subscription));
    if (subscription)
      this.events.emit(
        'customer.subscription.updated',
        this.store.save({ ...subscription, schedule: null }),
        subscription,
      );
    return released;
  }

  /**
   * Moves the test clock to `time`, running what Stripe's billing would in between: period ends
   * cancel or renew subscriptions, schedules start their next phase or release at the end, and
   * failed invoices are retried on their schedule.
   */
  advance(time: number, clockId = SANDBOX_CLOCK_ID): void {
    const scope = clockId === SANDBOX_CLOCK_ID ? null : clockId;
    this.store.onClock(scope, () => automatically(() => this.runUntil(time, clockId)));
    this.events.clockMoved();
  }

  private runUntil(time: number, clockId: string): void {
    const here = (object: StripeObject) => onClock(object, clockId);
    for (;;) {
      const renewal = this.store
        .all(
          'subscription',
          (subscription) =>
            here(subscription) &&
            ['active', 'past_due', 'trialing'].includes(String(subscription.status)) &&
            periodEnd(subscription) <= time,
        )
        .sort((a, b) => periodEnd(a) - periodEnd(b))[0];
      const retry = this.store
        .all(
          'invoice',
          (invoice) =>
            here(invoice) &&
            invoice.status === 'open' &&
            invoice.next_payment_attempt !== null &&
            Number(invoice.next_payment_attempt) <= time,
        )
        .sort((a, b) => Number(a.next_payment_attempt) - Number(b.next_payment_attempt))[0];
      const expiring = this.store
        .all(
          'subscription',
          (subscription) =>
            here(subscription) &&
            subscription.status === 'incomplete' &&
            Number(subscription.created) + INCOMPLETE_EXPIRES_AFTER <= time,
        )
        .sort((a, b) => Number(a.created) - Number(b.created))[0];
      if (expiring) {
        const at = Number(expiring.created) + INCOMPLETE_EXPIRES_AFTER;
        this.setClock(Math.max(this.store.now(), at), clockId);
        expireIncomplete(this.store, this.events, expiring);
        continue;
      }
      if (!renewal && !retry) break;
      // The clock passes each period end and each retry in turn: a renewal or a retry, its
      // invoice and its events are dated when they happen, not when the advance ends.
      if (retry && (!renewal || Number(retry.next_payment_attempt) < periodEnd(renewal))) {
        this.setClock(Math.max(this.store.now(), Number(retry.next_payment_attempt)), clockId);
        this.retry(retry);
      } else {
        this.setClock(Math.max(this.store.now(), periodEnd(renewal)), clockId);
        this.renew(renewal);
      }
    }
    this.setClock(time, clockId);
  }

  /** Moves a clock: the sandbox's own time, or a clock made through the API. */
  setClock(time: number, clockId = SANDBOX_CLOCK_ID): void {
    if (clockId !== SANDBOX_CLOCK_ID) {
      this.store.save({ ...this.store.get(clockId)!, frozen_time: time });
      return;
    }
    this.store.state.clockOffset = time - realNow();
    this.store.persist();
  }

  private renew(subscription: StripeObject): void {
    const boundary = periodEnd(subscription);
    if (subscription.cancel_at_period_end) {
      this.cancelNow({ ...subscription, ended_at: boundary });
      return;
    }
    let priceId = String((subscriptionItem(subscription).price as StripeObject).id);
    const schedule = subscription.schedule
      ? this.store.get(String(subscription.schedule))
      : undefined;
    if (schedule?.status === 'active') {
      const phases = schedule.phases as Body[];
      const next = phases.find((phase) => Number(phase.start_date) === boundary);
      if (next) {
        priceId = String((next.items as Body[])[0].price);
        const before = schedule;
        const moved = this.store.save({
          ...schedule,
          current_phase: { start_date: next.start_date, end_date: next.end_date },
        });
        this.events.emit('subscription_schedule.updated', moved, before);
      } else if (Number(phases.at(-1)?.end_date) <= boundary) {
        if (schedule.end_behavior === 'cancel') {
          this.cancelNow(subscription);
          const completed = this.store.save({
            ...this.store.get(schedule.id)!,
            status: 'completed',
            completed_at: boundary,
            current_phase: null,
          });
          this.events.emit('subscription_schedule.completed', completed, schedule);
          return;
        }
        this.release(schedule);
      }
    }
    const current = this.store.get(subscription.id)!;
    const months = SANDBOX_PRICES[priceId].interval_count;
    const anchor = cycleAnchor(current, priceId, boundary);
    const renewed = this.store.save({
      ...current,
      billing_cycle_anchor: anchor,
      items: withPrice(current, priceId, boundary, nextCycleEnd(anchor, boundary, months)),
    });
    this.events.emit('customer.subscription.updated', renewed, current);
    this.invoicing.bill(renewed, 'subscription_cycle');
  }

  /**
   * Bills an active subscription `count` more times, as if that many periods had passed, without
   * events: a long payment history for syncs to read (10,000 invoices in the benchmark).
   */
  seedInvoiceHistory(subscriptionId: string, count: number): void {
    const subscription = this.store.get(subscriptionId);
    if (!subscription) throw new Error(`No such subscription: ${subscriptionId}`);
    this.store.quiet = true;
    try {
      for (let index = 0; index < count; index += 1)
        this.invoicing.bill(this.store.get(subscriptionId)!, 'subscription_cycle');
    } finally {
      this.store.quiet = false;
    }
    this.store.persist();
  }
}
