import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsBoolean, IsOptional } from 'class-validator';
import type { FastifyReply } from 'fastify';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { recordBillingChange } from '../audit/billing-audit.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { AdminGuard, AdminWrite } from './admin-access.js';
import { CurrentUser } from '../auth/guards.js';
import { AppException } from '../common/app.exception.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { containsPattern, idsFilter, parseListQuery, sendList } from '../common/list-query.js';
import { isUuid } from '../common/ids.js';

export class CancelSubscriptionDto {
  /** Cancel at the end of the paid period instead of now. */
  @IsOptional() @IsBoolean() at_period_end?: boolean;
}

const notFound = () => new AppException('not_found', 404, 'Subscription not found.');

/**
 * The subscriptions list, and Cancel / Reactivate through Stripe. Each Stripe call carries an
 * idempotency key made of the row and its last update, so a retried request never acts twice;
 * the row is then read back from Stripe and the change recorded, in one transaction.
 */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/subscriptions')
export class AdminSubscriptionsController {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SubscriptionEntity[]> {
    const list = parseListQuery(query, {
      sortable: [
        'created_at',
        'stripe_customer_id',
        'plan_name',
        'plan_type',
        'status',
        'amount_cents',
        'current_period_end',
      ],
      defaultSort: ['created_at', 'DESC'],
    });
    const builder = this.dataSource
      .getRepository(SubscriptionEntity)
      .createQueryBuilder('s')
      .leftJoin('s.user', 'u')
      .addSelect(['u.id', 'u.email', 'u.first_name', 'u.last_name']);
    const ids = idsFilter(list.filter.id);
    if (ids) builder.andWhere('s.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    for (const field of ['status', 'stripe_customer_id', 'plan_name'] as const)
      if (typeof list.filter[field] === 'string')
        builder.andWhere(`s.${field} = :${field}`, { [field]: list.filter[field] });
    if (typeof list.filter.q === 'string' && list.filter.q.trim())
      builder.andWhere('(s.stripe_customer_id ILIKE :q OR u.email ILIKE :q)', {
        q: containsPattern(list.filter.q.trim()),
      });
    return sendList(reply, 'subscriptions', builder, list);
  }

  @Get(':id')
  async get(@Param('id') id: string): Promise<SubscriptionEntity> {
    return this.find(id);
  }

  /** Cancel Subscription: now (default), or at the end of the period. */
  @Post(':id/cancel')
  @AdminWrite('cancel_subscription')
  @HttpCode(200)
  async cancel(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
    @Body() form: CancelSubscriptionDto,
  ): Promise<{ message: string; subscription: SubscriptionEntity }> {
    const row = await this.find(id);
    if (row.status === 'canceled' || row.status === 'incomplete_expired')
      throw new AppException('already_cancelled', 409, 'This subscription is already cancelled.');
    const key = `admin-cancel:${row.id}:${row.updated_at.getTime()}`;
    if (form.at_period_end)
      await this.stripe.subscriptions.update(
        row.stripe_subscription_id,
        { cancel_at_period_end: true },
        { idempotencyKey: key },
      );
    else
      await this.stripe.subscriptions.cancel(
        row.stripe_subscription_id,
        {},
        { idempotencyKey: key },
      );
    const subscription = await this.afterStripe(
      row,
      admin,
      'cancel_subscription',
      form.at_period_end
        ? `Subscription ${row.stripe_subscription_id} set to cancel at period end`
        : `Subscription ${row.stripe_subscription_id} cancelled`,
    );
    return { message: `Subscription cancelled for ${row.stripe_subscription_id}`, subscription };
  }

  /**
   * Reactivate Subscription: undoes a scheduled cancellation, or, for a cancelled one, starts a
   * new subscription for the same customer and price.
   */
  @Post(':id/reactivate')
  @AdminWrite('reactivate_subscription')
  @HttpCode(200)
  async reactivate(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<{ message: string; subscription: SubscriptionEntity }> {
    const row = await this.find(id);
    const key = `admin-reactivate:${row.id}:${row.updated_at.getTime()}`;
    let target = row;
    if (row.cancel_at_period_end && row.status !== 'canceled') {
      await this.stripe.subscriptions.update(
        row.stripe_subscription_id,
        { cancel_at_period_end: false },
        { idempotencyKey: key },
      );
    } else if (row.status === 'canceled') {
      const current = await this.stripe.subscriptions.retrieve(row.stripe_subscription_id);
      const price = current.items.data[0]?.price.id;
      if (!price)
        throw new AppException(
          'not_reactivatable',
          409,
          'This subscription has no price to restart.',
        );
      const created = await this.stripe.subscriptions.create(
        {
          customer: row.stripe_customer_id,
          items: [{ price }],
          metadata: { reactivated_from: row.stripe_subscription_id },
        },
        { idempotencyKey: key },
      );
      await this.dataSource.transaction((manager) => this.subscriptions.sync(created.id, manager));
      target = await this.dataSource
        .getRepository(SubscriptionEntity)
        .findOneByOrFail({ stripe_subscription_id: created.id });
    } else {
      throw new AppException(
        'not_cancelled',
        409,
        'This subscription is active and not scheduled to cancel.',
      );
    }
    const subscription = await this.afterStripe(
      target,
      admin,
      'reactivate_subscription',
      target === row
        ? `Scheduled cancellation of ${row.stripe_subscription_id} undone`
        : `Subscription ${row.stripe_subscription_id} restarted as ${target.stripe_subscription_id}`,
      row,
    );
    return { message: 'subscription reactivated', subscription };
  }

  /** Reads the subscription back from Stripe and records the change, together. */
  private async afterStripe(
    row: SubscriptionEntity,
    admin: AuthenticatedUser,
    type: string,
    reason: string,
    before: SubscriptionEntity = row,
  ): Promise<SubscriptionEntity> {
    return this.dataSource.transaction(async (manager) => {
      await this.subscriptions.sync(row.stripe_subscription_id, manager);
      const after = await manager.getRepository(SubscriptionEntity).findOneByOrFail({ id: row.id });
      await recordBillingChange(manager, {
        userId: after.user_id ?? before.user_id,
        adminId: admin.userId!,
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

  private async find(id: string): Promise<SubscriptionEntity> {
    if (!isUuid(id)) throw notFound();
    const row = await this.dataSource.getRepository(SubscriptionEntity).findOneBy({ id });
    if (!row) throw notFound();
    return row;
  }
}
