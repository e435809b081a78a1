import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { AppConfig } from '../config/app-config.js';
import { idOf } from '../stripe/stripe-ids.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { scheduleFoundingTransition } from './subscriptions.service.js';

/** Where a founding subscription keeps, while it is set to end, the plan it was to move to. */
const NEXT_PLAN_KEY = 'founding_next_price';

/**
 * Cancelling at the end of the period, and undoing it, for the member and the back office alike.
 * Stripe refuses to change the cancellation of a subscription that a schedule governs, so the
 * founding schedule is released first: the subscription then ends with its period and never moves
 * on. Undoing the cancellation during the founding period schedules the move again, to the plan
 * that was chosen (kept in the subscription's metadata meanwhile). Every Stripe call carries an
 * idempotency key derived from the caller's `key`.
 */
@Injectable()
export class PeriodEndCancellationService {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly config: AppConfig,
  ) {}

  async cancel(
    subscriptionId: string,
    key: string,
    details?: Stripe.SubscriptionUpdateParams.CancellationDetails,
  ): Promise<void> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const scheduleId = idOf(subscription.schedule);
    if (scheduleId) {
      const schedule = await this.stripe.subscriptionSchedules.retrieve(scheduleId);
      const next = this.nextPrice(subscription, schedule);
      if (next)
        await this.stripe.subscriptions.update(
          subscriptionId,
          { metadata: { [NEXT_PLAN_KEY]: next } },
          { idempotencyKey: `${key}:next-plan` },
        );
      if (schedule.status === 'active' || schedule.status === 'not_started')
        await this.stripe.subscriptionSchedules.release(
          scheduleId,
          {},
          { idempotencyKey: `${key}:release` },
        );
    }
    await this.stripe.subscriptions.update(
      subscriptionId,
      { cancel_at_period_end: true, ...(details ? { cancellation_details: details } : {}) },
      { idempotencyKey: key },
    );
  }

  async resume(subscriptionId: string, key: string): Promise<void> {
    const subscription = await this.stripe.subscriptions.update(
      subscriptionId,
      { cancel_at_period_end: false, cancellation_details: { comment: '', feedback: '' } },
      { idempotencyKey: key },
    );
    if (this.priceOf(subscription) !== this.config.stripe.prices.founding_member) return;
    await scheduleFoundingTransition(this.stripe, this.config.stripe.prices, subscriptionId, {
      key,
      next: subscription.metadata?.[NEXT_PLAN_KEY] || undefined,
    });
  }

  /** The price the founding schedule moves the subscription to when its founding phase ends. */
  private nextPrice(
    subscription: Stripe.Subscription,
    schedule: Stripe.SubscriptionSchedule,
  ): string | null {
    if (this.priceOf(subscription) !== this.config.stripe.prices.founding_member) return null;
    const end = subscription.items.data[0]?.current_period_end;
    const next = schedule.phases.find((phase) => phase.start_date === end);
    return next ? idOf(next.items[0]?.price) : null;
  }

  private priceOf(subscription: Stripe.Subscription): string | undefined {
    return subscription.items.data[0]?.price.id;
  }
}
