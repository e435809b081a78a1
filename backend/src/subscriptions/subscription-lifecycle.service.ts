import { HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SubscriptionAction, SubscriptionRecord } from '@leadpulse/common';
import type Stripe from 'stripe';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import { recordBillingChange } from '../audit/billing-audit.js';
import {
  containsPattern,
  idsFilter,
  searchFilter,
  textFilter,
  uuidFilter,
} from '../common/list-query.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { ChargeConfirmationRequired, pendingCharge } from './charge-confirmation.js';
import type { CancelSubscriptionDto } from './dto/cancel-subscription.dto.js';
import { PeriodEndCancellationService } from './period-end-cancellation.service.js';
import { SubscriptionEntity } from './subscription.entity.js';
import { toSubscriptionRecord } from './subscription.mapper.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { unusedRefund } from './unused-refund.js';
import { subscriptionsErrors } from './subscriptions.errors.js';

export const SUBSCRIPTION_SORTABLE = [
  'created_at',
  'stripe_customer_id',
  'plan_name',
  'plan_type',
  'status',
  'amount_cents',
  'current_period_end',
] as const;

/** The search (customer id or e-mail), equality on a few fields, and the member (`user_id`). */
export const SUBSCRIPTION_FILTERS = [
  'q',
  'status',
  'stripe_customer_id',
  'plan_name',
  'plan_type',
  'user_id',
] as const;

/** "Subscription sub_… will cancel at the end of the period, on Feb 23, 2027." */
function periodEndMessage(stripeId: string, periodEnd: Date | null): string {
  const date = periodEnd?.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return `Subscription ${stripeId} will cancel at the end of the period${date ? `, on ${date}` : ''}`;
}

/**
 * The back office's subscriptions: the list, and Cancel / Reactivate through Stripe. Each Stripe
 * call carries an idempotency key made of the row and its last update, so a retried request never
 * acts twice; the row is then read back from Stripe and the change recorded, in one transaction.
 */
@Injectable()
export class SubscriptionLifecycleService {
  private readonly logger = new Logger(SubscriptionLifecycleService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscriptions: SubscriptionsService,
    private readonly cancellation: PeriodEndCancellationService,
  ) {}

  /** The subscriptions matching a list filter, each with its user's name and e-mail. */
  filtered(filter: Record<string, unknown>): SelectQueryBuilder<SubscriptionEntity> {
    const builder = this.dataSource
      .getRepository(SubscriptionEntity)
      .createQueryBuilder('s')
      .leftJoin('s.user', 'u')
      .addSelect(['u.id', 'u.email', 'u.first_name', 'u.last_name']);
    const ids = idsFilter(filter.id);
    if (ids) builder.andWhere('s.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    for (const field of ['status', 'stripe_customer_id', 'plan_name', 'plan_type'] as const) {
      const value = textFilter(filter, field);
      if (value !== undefined) builder.andWhere(`s.${field} = :${field}`, { [field]: value });
    }
    const userId = uuidFilter(filter, 'user_id');
    if (userId) builder.andWhere('s.user_id = :userId', { userId });
    const q = searchFilter(filter);
    if (q)
      builder.andWhere('(s.stripe_customer_id ILIKE :q OR u.email ILIKE :q)', {
        q: containsPattern(q),
      });
    return builder;
  }

  async get(id: string): Promise<SubscriptionRecord<Date>> {
    return toSubscriptionRecord(await this.load(id));
  }

  private async load(id: string): Promise<SubscriptionEntity> {
    const row = await this.dataSource.getRepository(SubscriptionEntity).findOneBy({ id });
    if (!row) throw subscriptionsErrors.notFound();
    return row;
  }

  /** Cancel Subscription: now (default), or at the end of the period. */
  async cancel(
    adminId: string,
    id: string,
    form: CancelSubscriptionDto,
  ): Promise<SubscriptionAction<Date>> {
    const row = await this.load(id);
    if (row.status === 'canceled' || row.status === 'incomplete_expired')
      throw subscriptionsErrors.alreadyCancelled();
    const key = `admin-cancel:${row.id}:${row.updated_at.getTime()}`;
    const refund = await this.atStripe('Cancel', row, 'Failed to cancel subscription', async () => {
      if (form.at_period_end) {
        await this.cancellation.cancel(row.stripe_subscription_id, key);
        return null;
      }
      const cancelled = await this.stripe.subscriptions.cancel(
        row.stripe_subscription_id,
        {},
        { idempotencyKey: key },
      );
      return unusedRefund(this.dataSource.manager, cancelled);
    });
    const subscription = await this.afterStripe(
      row,
      adminId,
      'cancel_subscription',
      form.at_period_end
        ? `Subscription ${row.stripe_subscription_id} set to cancel at period end`
        : `Subscription ${row.stripe_subscription_id} cancelled`,
    );
    return {
      message: form.at_period_end
        ? periodEndMessage(row.stripe_subscription_id, subscription.current_period_end)
        : `Subscription cancelled for ${row.stripe_subscription_id}`,
      subscription: toSubscriptionRecord(subscription),
      ...(form.at_period_end ? {} : { refund }),
    };
  }

  /**
   * Reactivate Subscription: undoes a scheduled cancellation, or, for a cancelled one, starts a
   * new subscription for the same customer and price. That charges the customer, so it answers
   * 409 `charge_confirmation_required` with the charge until the body confirms that amount.
   */
  async reactivate(
    adminId: string,
    id: string,
    confirmAmountCents?: number,
  ): Promise<SubscriptionAction<Date>> {
    const row = await this.load(id);
    const target =
      row.cancel_at_period_end && row.status !== 'canceled'
        ? await this.atStripe('Reactivate', row, 'Failed to reactivate subscription', async () => {
            await this.cancellation.resume(
              row.stripe_subscription_id,
              `admin-reactivate:${row.id}:${row.updated_at.getTime()}`,
            );
            return row;
          })
        : await this.restart(row, confirmAmountCents);
    const subscription = await this.afterStripe(
      target,
      adminId,
      'reactivate_subscription',
      target === row
        ? `Scheduled cancellation of ${row.stripe_subscription_id} undone`
        : `Subscription ${row.stripe_subscription_id} restarted as ${target.stripe_subscription_id}`,
      row,
    );
    return {
      message: 'subscription reactivated',
      subscription: toSubscriptionRecord(subscription),
    };
  }

  /**
   * Starts a new subscription for a cancelled one, once: concurrent confirmations wait on the
   * row's lock, and the later one finds the customer subscribed again. The idempotency key names
   * the cancelled subscription only (a cancelled subscription never comes back), so a retry after
   * a lost answer gets Stripe's first answer instead of a second charge.
   */
  private async restart(
    row: SubscriptionEntity,
    confirmAmountCents: number | undefined,
  ): Promise<SubscriptionEntity> {
    if (row.status !== 'canceled') throw subscriptionsErrors.notCancelled();
    const createdId = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT id FROM subscriptions WHERE id = $1 FOR UPDATE`, [row.id]);
      const [live] = (await manager.query(
        `SELECT stripe_subscription_id FROM subscriptions
          WHERE stripe_customer_id = $1 AND id <> $2 AND status IN ('active', 'trialing', 'past_due', 'unpaid')
          LIMIT 1`,
        [row.stripe_customer_id, row.id],
      )) as { stripe_subscription_id: string }[];
      if (live) throw subscriptionsErrors.alreadySubscribed(live.stripe_subscription_id);
      return this.atStripe('Reactivate', row, 'Failed to reactivate subscription', async () => {
        const current = await this.stripe.subscriptions.retrieve(row.stripe_subscription_id);
        const item = current.items.data[0];
        if (!item?.price) throw subscriptionsErrors.notReactivatable();
        const charge = pendingCharge(item.price, item.quantity ?? 1, row.plan_name);
        if (confirmAmountCents !== charge.amount_cents)
          throw new ChargeConfirmationRequired(charge);
        const created = await this.stripe.subscriptions.create(
          {
            customer: row.stripe_customer_id,
            items: [{ price: item.price.id }],
            metadata: { reactivated_from: row.stripe_subscription_id },
          },
          { idempotencyKey: `admin-reactivate:${row.stripe_subscription_id}` },
        );
        // In the lock's transaction: the embedded database serves one connection at a time.
        await this.subscriptions.sync(created.id, manager);
        return created.id;
      });
    });
    return this.dataSource
      .getRepository(SubscriptionEntity)
      .findOneByOrFail({ stripe_subscription_id: createdId });
  }

  /**
   * Runs a Stripe call; its failure is logged and answered as a 502 with the screen's failure
   * text, never as the caller's own 4xx or a 500.
   */
  private async atStripe<T>(
    action: string,
    row: SubscriptionEntity,
    failure: string,
    call: () => Promise<T>,
  ): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof HttpException) throw error;
      this.logger.error(
        `${action} of ${row.stripe_subscription_id} failed at Stripe: ${(error as Error).message}`,
      );
      throw subscriptionsErrors.stripeFailed(failure);
    }
  }

  /** Reads the subscription back from Stripe and records the change, together. */
  private async afterStripe(
    row: SubscriptionEntity,
    adminId: string,
    type: string,
    reason: string,
    before: SubscriptionEntity = row,
  ): Promise<SubscriptionEntity> {
    return this.dataSource.transaction(async (manager) => {
      await this.subscriptions.sync(row.stripe_subscription_id, manager);
      const after = await manager.getRepository(SubscriptionEntity).findOneByOrFail({ id: row.id });
      await recordBillingChange(manager, {
        userId: after.user_id ?? before.user_id,
        adminId,
        type,
        reason,
        oldValues: {
          stripe_subscription_id: before.stripe_subscription_id,
          status: before.status,
          cancel_at_period_end: before.cancel_at_period_end,
        },
        newValues: {
          stripe_subscription_id: after.stripe_subscription_id,
          status: after.status,
          cancel_at_period_end: after.cancel_at_period_end,
        },
      });
      return after;
    });
  }
}
