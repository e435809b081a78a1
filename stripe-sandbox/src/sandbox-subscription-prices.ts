// A subscription's prices in the sandbox: its catalogue item, its items at a new price, the price and anchor it renews at.
import { randomBytes } from 'node:crypto';
import { subscriptionItem, type Body, type StripeObject } from './sandbox-common.js';
import { planOf, priceObject, SANDBOX_PRICES } from './sandbox-catalogue.js';
import type { SandboxStore } from './sandbox-store.js';

/** A subscription item of one catalogue price, for a period. */
export function catalogueItem(
  store: SandboxStore,
  subscriptionId: string,
  priceId: string,
  start: number,
  end: number,
): Body {
  const price = priceObject(priceId);
  return store.fromFixture('subscription_item', {
    id: `si_${randomBytes(8).toString('hex')}`,
    subscription: subscriptionId,
    price,
    plan: planOf(price),
    quantity: 1,
    current_period_start: start,
    current_period_end: end,
  });
}

/** The subscription's items with one price (the sandbox bills one item per subscription). */
export function withPrice(
  subscription: StripeObject,
  priceId: string,
  start?: number,
  end?: number,
) {
  const items = subscription.items as Body;
  const item = subscriptionItem(subscription);
  const price = priceObject(priceId);
  return {
    ...items,
    data: [
      {
        ...item,
        price,
        plan: planOf(price),
        current_period_start: start ?? item.current_period_start,
        current_period_end: end ?? item.current_period_end,
      },
    ],
  };
}

/**
 * The price the subscription renews at on `boundary`: its schedule's phase starting then, or its
 * own; undefined when its schedule cancels it then.
 */
export function renewalPrice(
  store: SandboxStore,
  subscription: StripeObject,
  boundary: number,
): string | undefined {
  const own = String((subscriptionItem(subscription).price as StripeObject).id);
  const schedule = subscription.schedule ? store.get(String(subscription.schedule)) : undefined;
  if (schedule?.status !== 'active') return own;
  const phases = schedule.phases as Body[];
  const next = phases.find((phase) => Number(phase.start_date) === boundary);
  if (next) return String((next.items as Body[])[0].price);
  if (Number(phases.at(-1)?.end_date) <= boundary && schedule.end_behavior === 'cancel')
    return undefined;
  return own;
}

/**
 * Periods count from the billing cycle anchor (so a 31st comes back after a short month); a new
 * billing interval starts a new anchor, as at Stripe.
 */
export function cycleAnchor(subscription: StripeObject, priceId: string, boundary: number): number {
  const recurring = (subscriptionItem(subscription).price as StripeObject).recurring as
    Body | undefined;
  return Number(recurring?.interval_count) === SANDBOX_PRICES[priceId].interval_count
    ? Number(subscription.billing_cycle_anchor ?? boundary)
    : boundary;
}
