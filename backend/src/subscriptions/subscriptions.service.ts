import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { SubscriptionHistoryService } from '../revenue/subscription-history.service.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { UserEntity } from '../users/user.entity.js';
import { idOf } from '../stripe/stripe-ids.js';
import { UserWritesService, type SubscriptionState } from '../users/user-writes.service.js';

const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid']);

/** "monthly" or "every 3 months", from a price's recurrence. */
export function billingPeriod(
  recurring: { interval: string; interval_count: number } | null | undefined,
): string {
  if (!recurring) return 'one-time';
  return recurring.interval_count === 1
    ? `${recurring.interval}ly`
    : `every ${recurring.interval_count} ${recurring.interval}s`;
}

/**
 * The founding offer's schedule: the founding price until the end of the first 3-month period,
 * then Prospector (or `next`, a plan the member chose) for a month, then released (the
 * subscription carries on at that plan). Each call carries an idempotency key derived from ids we
 * keep (`key`, when a schedule is made again after an undone cancellation released the first),
 * and an existing schedule is reused, so a retried job never creates a second one. The demo seed
 * builds its founding members with it too.
 */
export async function scheduleFoundingTransition(
  stripe: Stripe,
  prices: AppConfig['stripe']['prices'],
  subscriptionId: string,
  { key = subscriptionId, next = prices.prospector }: { key?: string; next?: string } = {},
): Promise<void> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const scheduleId =
    idOf(subscription.schedule) ??
    (
      await stripe.subscriptionSchedules.create(
        { from_subscription: subscriptionId },
        { idempotencyKey: `${key}:founding-schedule` },
      )
    ).id;
  const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
  if (schedule.status !== 'active' || schedule.phases.length > 1) return;
  const [first] = schedule.phases;
  await stripe.subscriptionSchedules.update(
    scheduleId,
    {
      end_behavior: 'release',
      phases: [
        {
          items: [{ price: prices.founding_member, quantity: 1 }],
          start_date: first.start_date,
          end_date: first.end_date,
        },
        {
          items: [{ price: next, quantity: 1 }],
          duration: { interval: 'month', interval_count: 1 },
        },
      ],
    },
    { idempotencyKey: `${scheduleId}:founding-phases` },
  );
}

/**
 * Keeps `subscriptions` and the user's plan in step with Stripe. Each event makes us read the
 * subscription as Stripe holds it now, so duplicates and events out of order end in the same state.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly config: AppConfig,
    private readonly history: SubscriptionHistoryService,
    private readonly userWrites: UserWritesService,
  ) {}

  /**
   * `customer.subscription.created`, `.updated` and `.deleted`: the row as Stripe holds it now,
   * and the change as the event reports it, together.
   */
  async onSubscriptionChanged(event: Stripe.Event, manager: EntityManager): Promise<void> {
    await this.sync((event.data.object as Stripe.Subscription).id, manager);
    await this.history.recordEvent(event, manager);
  }

  /**
   * `subscription_schedule.updated` and `.released`: a schedule's phase change (or release)
   * changes its subscription, which is read again.
   */
  async onScheduleChanged(event: Stripe.Event, manager: EntityManager): Promise<void> {
    const schedule = event.data.object as Stripe.SubscriptionSchedule;
    const subscriptionId =
      idOf(schedule.subscription) ?? schedule.released_subscription ?? undefined;
    if (subscriptionId) await this.sync(subscriptionId, manager);
  }

  /** The founding offer's schedule for a new founding subscription (the function above). */
  scheduleFoundingTransition(subscriptionId: string): Promise<void> {
    return scheduleFoundingTransition(this.stripe, this.config.stripe.prices, subscriptionId);
  }

  async sync(subscriptionId: string, manager: EntityManager): Promise<void> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    const price = item?.price;
    const customerId =
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
    const plan = price ? (this.planCode(price.id) ?? price.id) : 'unknown';
    const periodEnd = item?.current_period_end ? new Date(item.current_period_end * 1000) : null;
    const user = await manager
      .getRepository(UserEntity)
      .findOneBy({ stripe_customer_id: customerId });

    await manager.query(
      `INSERT INTO subscriptions (stripe_subscription_id, stripe_customer_id, user_id, plan_name, plan_type, status, amount_cents, current_period_end, cancel_at_period_end, canceled_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (stripe_subscription_id) DO UPDATE SET created_at = EXCLUDED.created_at,
         stripe_customer_id = EXCLUDED.stripe_customer_id, user_id = COALESCE(EXCLUDED.user_id, subscriptions.user_id),
         plan_name = EXCLUDED.plan_name, plan_type = EXCLUDED.plan_type, status = EXCLUDED.status,
         amount_cents = EXCLUDED.amount_cents, current_period_end = EXCLUDED.current_period_end,
         cancel_at_period_end = EXCLUDED.cancel_at_period_end, canceled_at = EXCLUDED.canceled_at, updated_at = now()`,
      [
        subscription.id,
        customerId,
        user?.id ?? null,
        plan,
        billingPeriod(price?.recurring),
        subscription.status,
        price?.unit_amount ?? 0,
        periodEnd,
        subscription.cancel_at_period_end,
        subscription.canceled_at ? new Date(subscription.canceled_at * 1000) : null,
        // The row mirrors Stripe's subscription: it was created when Stripe created it.
        new Date(subscription.created * 1000),
      ],
    );
    if (user && (await this.isUsersSubscription(user, subscription, manager))) {
      const changes: SubscriptionState = {
        stripe_subscription_id: subscription.id,
        subscription_status: subscription.status,
        current_period_end: periodEnd,
      };
      if (price) changes.subscription_plan = plan;
      // The founding offer's second phase: the member keeps the label, the plan becomes Prospector.
      if (
        user.founding_member &&
        plan !== 'founding_member' &&
        !user.founding_member_transitioned_at &&
        item?.current_period_start
      )
        changes.founding_member_transitioned_at = new Date(item.current_period_start * 1000);
      await this.userWrites.setSubscriptionState(manager, user.id, changes);
    }
  }

  /**
   * Whether this subscription is the one the user's plan follows: theirs already, their first,
   * or a live one replacing one that has ended (a reactivation starts a new subscription).
   */
  private async isUsersSubscription(
    user: UserEntity,
    subscription: Stripe.Subscription,
    manager: EntityManager,
  ): Promise<boolean> {
    if (!user.stripe_subscription_id || user.stripe_subscription_id === subscription.id)
      return true;
    if (!LIVE_STATUSES.has(subscription.status)) return false;
    const [current] = (await manager.query(
      `SELECT status FROM subscriptions WHERE stripe_subscription_id = $1`,
      [user.stripe_subscription_id],
    )) as { status: string }[];
    return !current || !LIVE_STATUSES.has(current.status);
  }

  private planCode(priceId: string): string | undefined {
    return Object.entries(this.config.stripe.prices).find(([, id]) => id === priceId)?.[0];
  }
}
