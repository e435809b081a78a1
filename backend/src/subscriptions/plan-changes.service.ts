import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PlanPreview } from '@leadpulse/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { recordBillingChange } from '../audit/billing-audit.js';
import { AppException } from '../common/app.exception.js';
import { AppConfig } from '../config/app-config.js';
import { idOf } from '../stripe/stripe-ids.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { findUser } from '../users/find-user.js';
import { toMemberView, type MemberView } from '../users/users.service.js';
import type { ChangePlanDto } from './dto/change-plan.dto.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { subscriptionsErrors } from './subscriptions.errors.js';

/**
 * Change Subscription, for the back office and for the member alike (`adminId` null): Stripe's
 * proration preview, and the change itself with an idempotency key built from rows we keep, its
 * audit row written with the synced subscription.
 */
@Injectable()
export class PlanChangesService {
  private readonly logger = new Logger(PlanChangesService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  /** What Change Subscription would charge now (Stripe's proration preview); nothing moves. */
  async preview(id: string, plan: ChangePlanDto['plan']): Promise<PlanPreview> {
    const user = await findUser(this.dataSource.manager, id);
    if (!user.stripe_subscription_id) throw subscriptionsErrors.noSubscription();
    try {
      return await this.stripePreview(user.stripe_subscription_id, plan);
    } catch (error) {
      this.logger.error(`Plan preview for ${id} failed at Stripe: ${(error as Error).message}`);
      throw subscriptionsErrors.stripeFailed('Failed to preview the plan change');
    }
  }

  private async stripePreview(
    subscriptionId: string,
    plan: ChangePlanDto['plan'],
  ): Promise<PlanPreview> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const current = subscription.items.data[0];
    if (subscription.schedule && current?.price.id === this.config.stripe.prices.founding_member)
      return { amount_due_cents: 0, credit_cents: 0, after_founding: true };
    const preview = await this.stripe.invoices.createPreview({
      customer: idOf(subscription.customer)!,
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: current.id, price: this.config.stripe.prices[plan] }],
        proration_behavior: 'always_invoice',
      },
    });
    return {
      amount_due_cents: preview.amount_due,
      credit_cents: Math.max(0, -preview.total),
      after_founding: false,
    };
  }

  /**
   * Change Subscription between the monthly plans, with Stripe's proration. During the founding
   * schedule the founding phase stays and the later phase moves to the new plan.
   */
  async changePlan(adminId: string | null, id: string, form: ChangePlanDto): Promise<MemberView> {
    const user = await findUser(this.dataSource.manager, id);
    if (!user.stripe_subscription_id) throw subscriptionsErrors.noSubscription();
    const price = this.config.stripe.prices[form.plan];
    const key = `change-plan:${form.request_id ?? `${user.stripe_subscription_id}:${user.updated_at.getTime()}:${form.plan}`}`;
    let description: string;
    try {
      const subscription = await this.stripe.subscriptions.retrieve(user.stripe_subscription_id);
      if (subscription.status === 'canceled') throw subscriptionsErrors.cancelled();
      const scheduleId = idOf(subscription.schedule);
      const schedule = scheduleId
        ? await this.stripe.subscriptionSchedules.retrieve(scheduleId)
        : null;
      const current = subscription.items.data[0];
      if (
        schedule?.status === 'active' &&
        current?.price.id === this.config.stripe.prices.founding_member
      ) {
        const [founding, ...later] = schedule.phases;
        await this.stripe.subscriptionSchedules.update(
          schedule.id,
          {
            end_behavior: 'release',
            phases: [
              {
                items: [{ price: this.config.stripe.prices.founding_member, quantity: 1 }],
                start_date: founding.start_date,
                end_date: founding.end_date,
              },
              {
                items: [{ price, quantity: 1 }],
                ...(later[0]
                  ? { end_date: later[0].end_date }
                  : { duration: { interval: 'month' as const, interval_count: 1 } }),
              },
            ],
          },
          { idempotencyKey: key },
        );
        description = `After the founding period, moves to ${form.plan}${adminId ? '' : ' (chosen by the member)'}`;
      } else {
        if (current?.price.id === price) throw subscriptionsErrors.samePlan(form.plan);
        await this.stripe.subscriptions.update(
          subscription.id,
          {
            items: [{ id: current.id, price }],
            proration_behavior: 'always_invoice',
          },
          { idempotencyKey: key },
        );
        description = `Changed plan to ${form.plan}, prorated${adminId ? '' : ' (chosen by the member)'}`;
      }
    } catch (error) {
      if (error instanceof AppException) throw error;
      this.logger.error(`Plan change for ${id} failed at Stripe: ${(error as Error).message}`);
      throw subscriptionsErrors.planChangeFailed((error as Error).message);
    }
    return this.dataSource.transaction(async (manager) => {
      await this.subscriptions.sync(user.stripe_subscription_id!, manager);
      const after = await findUser(manager, id);
      await recordBillingChange(manager, {
        userId: id,
        adminId,
        type: 'change_subscription',
        reason: description,
        oldValues: { subscription_plan: user.subscription_plan },
        newValues: {
          subscription_plan: after.subscription_plan,
          requested_plan: form.plan,
          idempotency_key: key,
        },
      });
      return toMemberView(after);
    });
  }
}
