/** What every part of the sandbox shares: the shape of its objects, their ids, and time. */
import { randomBytes } from 'node:crypto';

export type StripeObject = Record<string, unknown> & { id: string; object: string };
export type Body = Record<string, unknown>;

const ID_PREFIX: Record<string, string> = {
  customer: 'cus',
  'checkout.session': 'cs_test',
  subscription: 'sub',
  subscription_schedule: 'sub_sched',
  event: 'evt',
  'billing_portal.session': 'bps',
  invoice: 'in',
  invoice_payment: 'inpay',
  charge: 'ch',
  payment_method: 'pm',
  refund: 're',
  discount: 'di',
  promotion_code: 'promo',
  payment_intent: 'pi',
  'test_helpers.test_clock': 'clock',
};

export function newId(object: string): string {
  return `${ID_PREFIX[object] ?? object}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export const realNow = () => Math.floor(Date.now() / 1000);

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * Calendar months, as Stripe bills them: the same day and time `months` later, or the last day of
 * a month too short to have that day (January 31 + 1 month is February 28, or 29 in a leap year).
 */
export function addMonths(timestamp: number, months: number): number {
  const date = new Date(timestamp * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  date.setUTCDate(Math.min(day, daysInMonth(date.getUTCFullYear(), date.getUTCMonth())));
  return Math.floor(date.getTime() / 1000);
}

/**
 * The first period end after `after` of a cycle of `months` counted from `anchor` (a
 * subscription's billing_cycle_anchor). Counting from the anchor, not from the previous period
 * end, brings a short month's last day back to the anchor's day: January 31, February 28, March 31.
 */
export function nextCycleEnd(anchor: number, after: number, months: number): number {
  const from = new Date(anchor * 1000);
  const to = new Date(after * 1000);
  const elapsed =
    (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();
  let cycles = Math.max(1, Math.floor(elapsed / months));
  while (cycles > 1 && addMonths(anchor, (cycles - 1) * months) > after) cycles -= 1;
  while (addMonths(anchor, cycles * months) <= after) cycles += 1;
  return addMonths(anchor, cycles * months);
}

/** A subscription's one item (the sandbox bills one item per subscription). */
export function subscriptionItem(subscription: StripeObject): Body {
  return (subscription.items as { data: Body[] }).data[0];
}

export function periodEnd(subscription: StripeObject): number {
  return Number(subscriptionItem(subscription).current_period_end);
}
