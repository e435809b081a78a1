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
};

export function newId(object: string): string {
  return `${ID_PREFIX[object] ?? object}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export const realNow = () => Math.floor(Date.now() / 1000);

/** Calendar months, as Stripe bills them. */
export function addMonths(timestamp: number, months: number): number {
  const date = new Date(timestamp * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

/** A subscription's one item (the sandbox bills one item per subscription). */
export function subscriptionItem(subscription: StripeObject): Body {
  return (subscription.items as { data: Body[] }).data[0];
}

export function periodEnd(subscription: StripeObject): number {
  return Number(subscriptionItem(subscription).current_period_end);
}
