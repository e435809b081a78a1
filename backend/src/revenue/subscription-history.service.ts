import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { idOf } from '../stripe/stripe-ids.js';
import { STRIPE } from '../stripe/stripe.client.js';
import {
  changesRevenue,
  historyRow,
  type HistoryDiscount,
  type HistoryRow,
} from './history-row.js';

const COLUMNS = [
  'stripe_event_id',
  'stripe_event_type',
  'stripe_subscription_id',
  'stripe_customer_id',
  'effective_at',
  'status',
  'plan_name',
  'stripe_price_id',
  'quantity',
  'unit_amount_cents',
  'billing_interval',
  'interval_count',
  'current_period_start',
  'coupon_id',
  'discount_percent_off',
  'discount_amount_off_cents',
  'discount_duration',
  'discount_ends_at',
  'mrr_cents',
  'undiscounted_mrr_cents',
  'source',
] as const satisfies readonly (keyof HistoryRow)[];
/** The customer id's parameter number. */
const CUSTOMER = COLUMNS.indexOf('stripe_customer_id') + 1;

/**
 * Writes `subscription_history`: one row per Stripe event that changes a subscription's status,
 * plan, price, quantity or discount, taken from the subscription as the event reports it (not as
 * Stripe holds it now), so that duplicates and any delivery order leave the same rows. Called by
 * the subscriptions' event handlers, in their transaction.
 */
@Injectable()
export class SubscriptionHistoryService {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly config: AppConfig,
  ) {}

  /** A `customer.subscription.*` event: its row, once per event id. */
  async recordEvent(event: Stripe.Event, manager: EntityManager): Promise<void> {
    const subscription = event.data.object as Stripe.Subscription;
    // Stripe sends the whole subscription; a payload without its items or customer describes no
    // state to record (the subscriptions row still follows Stripe's current state).
    if (!subscription.items?.data || !subscription.customer) return;
    if (
      event.type === 'customer.subscription.updated' &&
      !changesRevenue(event.data.previous_attributes, subscription)
    )
      return;
    // A duplicate or a replay: nothing to read from Stripe, nothing to write.
    const known = (await manager.query(
      `SELECT 1 FROM subscription_history WHERE stripe_event_id = $1`,
      [event.id],
    )) as unknown[];
    if (known.length > 0) return;
    const discount = await this.discountOf(subscription, manager);
    await this.insert(manager, [
      historyRow(subscription, discount, this.config.stripe.prices, {
        eventId: event.id,
        eventType: event.type,
        effectiveAt: new Date(event.created * 1000),
        source: 'webhook',
      }),
    ]);
  }

  /** Rows as they are (the backfill's), each once per event id; answers how many were new. */
  async insert(manager: EntityManager, rows: HistoryRow[]): Promise<number> {
    let inserted = 0;
    for (const row of rows) {
      // The customer id is typed once: it is both a column value and the user's key.
      const result = (await manager.query(
        `INSERT INTO subscription_history (${COLUMNS.join(', ')}, user_id)
         VALUES (${COLUMNS.map((_, index) => `$${index + 1}${index + 1 === CUSTOMER ? '::text' : ''}`).join(', ')},
           (SELECT id FROM users WHERE stripe_customer_id = $${CUSTOMER}::text ORDER BY created_at LIMIT 1))
         ON CONFLICT (stripe_event_id) DO NOTHING RETURNING id`,
        COLUMNS.map((column) => row[column]),
      )) as unknown[];
      inserted += result.length;
    }
    return inserted;
  }

  /**
   * The subscription's discount with its coupon's terms. An event carries the discount's id
   * only, and Stripe cannot fetch a discount by id: it is read from the subscription (expanded),
   * or, once removed from it, from the `customer.discount.*` event we stored. Not known yet (that
   * event still on its way), the event fails and is retried.
   */
  async discountOf(
    subscription: Pick<Stripe.Subscription, 'id' | 'discounts'>,
    manager: EntityManager,
  ): Promise<HistoryDiscount | null> {
    const [first] = subscription.discounts ?? [];
    if (!first) return null;
    const id = idOf(first)!;
    let discount = typeof first === 'object' ? first : undefined;
    if (!discount) {
      const current = await this.stripe.subscriptions.retrieve(subscription.id, {
        expand: ['discounts'],
      });
      discount = current.discounts.find(
        (candidate): candidate is Stripe.Discount =>
          typeof candidate === 'object' && candidate.id === id,
      );
    }
    discount ??= await this.stored<Stripe.Discount>(manager, 'customer.discount.%', id);
    if (!discount) throw new Error(`Discount ${id} of ${subscription.id} is not known yet`);
    const couponRef = discount.source?.coupon;
    const couponId = idOf(couponRef);
    if (!couponId) throw new Error(`Discount ${id} names no coupon`);
    const coupon =
      typeof couponRef === 'object' && couponRef ? couponRef : await this.coupon(couponId, manager);
    return {
      coupon_id: coupon.id,
      percent_off: coupon.percent_off ?? null,
      amount_off_cents: coupon.amount_off ?? null,
      duration: coupon.duration as HistoryDiscount['duration'],
      ends_at: discount.end ? new Date(discount.end * 1000) : null,
    };
  }

  /** A coupon from Stripe, or, deleted there since, as a stored coupon event last showed it. */
  private async coupon(id: string, manager: EntityManager): Promise<Stripe.Coupon> {
    try {
      return await this.stripe.coupons.retrieve(id);
    } catch (error) {
      const stored = await this.stored<Stripe.Coupon>(manager, 'coupon.%', id);
      if (stored) return stored;
      throw error;
    }
  }

  /** The object of the newest stored event of a type pattern about object `id`. */
  private async stored<T>(manager: EntityManager, typePattern: string, id: string) {
    const [row] = (await manager.query(
      `SELECT event_data->'data'->'object' AS object FROM stripe_events
       WHERE event_type LIKE $1 AND event_data->'data'->'object'->>'id' = $2
       ORDER BY (event_data->>'created')::bigint DESC LIMIT 1`,
      [typePattern, id],
    )) as { object: T }[];
    return row?.object;
  }
}
