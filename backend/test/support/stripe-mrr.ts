import type Stripe from 'stripe';

/**
 * MRR as Stripe bills it, worked out here from the SDK's subscriptions alone (not with the
 * product's code): each active or past-due subscription's items per month, less a recurring
 * discount still running, rounded per subscription.
 */
export async function stripeMrrBySubscription(stripe: Stripe): Promise<Map<string, number>> {
  const now = Math.floor(Date.now() / 1000);
  const result = new Map<string, number>();
  for await (const subscription of stripe.subscriptions.list({ status: 'all', limit: 100 })) {
    if (subscription.status !== 'active' && subscription.status !== 'past_due') continue;
    let monthly = 0;
    for (const item of subscription.items.data) {
      const recurring = item.price.recurring!;
      const months = (recurring.interval === 'year' ? 12 : 1) * recurring.interval_count;
      monthly += ((item.price.unit_amount ?? 0) * (item.quantity ?? 1)) / months;
    }
    const full = await stripe.subscriptions.retrieve(subscription.id, { expand: ['discounts'] });
    for (const discount of full.discounts) {
      if (typeof discount === 'string' || (discount.end && discount.end <= now)) continue;
      const couponId = discount.source.coupon;
      if (!couponId) continue;
      const coupon =
        typeof couponId === 'string' ? await stripe.coupons.retrieve(couponId) : couponId;
      if (coupon.duration === 'once') continue;
      const first = subscription.items.data[0]?.price.recurring;
      const months = first ? (first.interval === 'year' ? 12 : 1) * first.interval_count : 1;
      if (coupon.percent_off) monthly *= 1 - coupon.percent_off / 100;
      else if (coupon.amount_off) monthly = Math.max(0, monthly - coupon.amount_off / months);
    }
    const cents = Math.round(monthly);
    if (cents > 0) result.set(subscription.id, cents);
  }
  return result;
}

export const total = (map: Map<string, number>) =>
  [...map.values()].reduce((sum, cents) => sum + cents, 0);
