/**
 * A subscription as Stripe reports it, mapped to a `subscription_history` row: pure functions, so
 * that a webhook and the backfill write the same thing for the same state.
 */
import type Stripe from 'stripe';
import {
  monthlyRecurringCents,
  type BillingInterval,
  type DiscountTerms,
  type RecurringItem,
} from '@leadpulse/common';
import { idOf } from '../stripe/stripe-ids.js';

/** A discount with its coupon's terms, as a history row keeps it. */
export interface HistoryDiscount extends DiscountTerms {
  coupon_id: string;
  ends_at: Date | null;
}

/** The columns of a history row (database/subscription-history.entity.ts) a change fills. */
export interface HistoryRow {
  stripe_event_id: string;
  stripe_event_type: string;
  stripe_subscription_id: string;
  stripe_customer_id: string;
  effective_at: Date;
  status: string;
  plan_name: string;
  stripe_price_id: string | null;
  quantity: number;
  unit_amount_cents: number;
  billing_interval: BillingInterval;
  interval_count: number;
  current_period_start: Date | null;
  coupon_id: string | null;
  discount_percent_off: number | null;
  discount_amount_off_cents: number | null;
  discount_duration: string | null;
  discount_ends_at: Date | null;
  mrr_cents: number;
  undiscounted_mrr_cents: number;
  /** Who wrote it: an event's handler, the backfill, or a reconciliation that found it missing. */
  source: 'webhook' | 'backfill' | 'reconciliation';
}

/** The catalogue code of a price (`prospector`), or the price id itself when it is not ours. */
export function planCode(prices: Record<string, string>, priceId: string): string {
  return Object.entries(prices).find(([, id]) => id === priceId)?.[0] ?? priceId;
}

/** A subscription item as the normalisation reads it (a metered price has no amount: 0). */
export function recurringItem(item: {
  quantity?: number | null;
  price: Pick<Stripe.Price, 'unit_amount' | 'recurring'>;
}): RecurringItem {
  return {
    unit_amount_cents: item.price.unit_amount ?? 0,
    quantity: item.quantity ?? 1,
    interval: (item.price.recurring?.interval ?? 'month') as BillingInterval,
    interval_count: item.price.recurring?.interval_count ?? 1,
  };
}

/** The row for a subscription in the state Stripe reported at `effectiveAt`. */
export function historyRow(
  subscription: Pick<Stripe.Subscription, 'id' | 'customer' | 'status' | 'items'>,
  discount: HistoryDiscount | null,
  prices: Record<string, string>,
  change: {
    eventId: string;
    eventType: string;
    effectiveAt: Date;
    source: HistoryRow['source'];
  },
): HistoryRow {
  const items = subscription.items.data;
  const first = items[0];
  const recurring = items.map(recurringItem);
  const applies = !!discount && (!discount.ends_at || discount.ends_at > change.effectiveAt);
  const undiscounted = monthlyRecurringCents({ status: subscription.status, items: recurring });
  return {
    stripe_event_id: change.eventId,
    stripe_event_type: change.eventType,
    stripe_subscription_id: subscription.id,
    stripe_customer_id: idOf(subscription.customer)!,
    effective_at: change.effectiveAt,
    status: subscription.status,
    plan_name: first ? planCode(prices, first.price.id) : 'unknown',
    stripe_price_id: first?.price.id ?? null,
    quantity: items.reduce((sum, item) => sum + (item.quantity ?? 1), 0),
    unit_amount_cents: first?.price.unit_amount ?? 0,
    billing_interval: recurring[0]?.interval ?? 'month',
    interval_count: recurring[0]?.interval_count ?? 1,
    current_period_start: first?.current_period_start
      ? new Date(first.current_period_start * 1000)
      : null,
    coupon_id: discount?.coupon_id ?? null,
    discount_percent_off: discount?.percent_off ?? null,
    discount_amount_off_cents: discount?.amount_off_cents ?? null,
    discount_duration: discount?.duration ?? null,
    discount_ends_at: discount?.ends_at ?? null,
    mrr_cents: applies
      ? monthlyRecurringCents({ status: subscription.status, items: recurring, discount })
      : undiscounted,
    undiscounted_mrr_cents: undiscounted,
    source: change.source,
  };
}

/** Price and quantity of each item: what a change of plan, price or quantity changes. */
function itemsKey(items: { price?: { id?: string } | null; quantity?: number | null }[]): string {
  return JSON.stringify(items.map((item) => [item.price?.id ?? null, item.quantity ?? 1]));
}

/**
 * Whether a `customer.subscription.updated` event changed what the history records (status,
 * plan, price, quantity or discount), from the previous values Stripe sends with it. A renewal
 * (new period, same price) or a metadata change writes no row. Without previous values, it is
 * taken as a change.
 */
export function changesRevenue(
  previous: Record<string, unknown> | undefined,
  current: Pick<Stripe.Subscription, 'items'>,
): boolean {
  if (!previous) return true;
  if ('status' in previous || 'discounts' in previous || 'discount' in previous) return true;
  if ('quantity' in previous) return true;
  const items = previous.items as { data?: Parameters<typeof itemsKey>[0] } | undefined;
  if (items?.data) return itemsKey(items.data) !== itemsKey(current.items.data);
  return false;
}

/**
 * The order of a subscription's rows: by effective time; within one second (Stripe's events
 * carry whole seconds), its creation first and its end (`canceled`, `incomplete_expired`) last,
 * then by period (a renewal's change after the one before it), then by event id, so that every
 * reader and every delivery order agree on the latest row.
 */
export const HISTORY_ORDER = `effective_at,
  CASE WHEN stripe_event_type = 'customer.subscription.created' THEN 0
    WHEN status IN ('canceled', 'incomplete_expired') THEN 2 ELSE 1 END,
  current_period_start NULLS FIRST, stripe_event_id`;
