import { CHARGE_CONFIRMATION_REQUIRED } from './charge-confirmation.js';
import { Body, Controller, Get, HttpCode, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { SubscriptionAction, SubscriptionRecord } from '@leadpulse/common';
import type { FastifyReply } from 'fastify';
import { AdminGuard, AdminWrite } from '../auth/admin-access.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/guards.js';
import { IdParam } from '../common/id-param.js';
import { parseListQuery, sendList } from '../common/list-query.js';
import { ListQueryDto } from '../common/list-query.dto.js';
import { CancelSubscriptionDto } from './dto/cancel-subscription.dto.js';
import { ReactivateSubscriptionDto } from './dto/reactivate-subscription.dto.js';
import {
  SUBSCRIPTION_FILTERS,
  SUBSCRIPTION_SORTABLE,
  SubscriptionLifecycleService,
} from './subscription-lifecycle.service.js';
import { toSubscriptionRecord } from './subscription.mapper.js';
import { SUBSCRIPTION_NOT_FOUND, subscriptionsErrors } from './subscriptions.errors.js';
import { ApiErrors } from '../api-docs/error-responses.js';

/** The subscriptions list, and Cancel / Reactivate through Stripe. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/subscriptions')
export class AdminSubscriptionsController {
  constructor(private readonly lifecycle: SubscriptionLifecycleService) {}

  @Get()
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SubscriptionRecord<Date>[]> {
    const list = parseListQuery(query, {
      sortable: SUBSCRIPTION_SORTABLE,
      defaultSort: ['created_at', 'DESC'],
      filters: SUBSCRIPTION_FILTERS,
    });
    const rows = await sendList(reply, 'subscriptions', this.lifecycle.filtered(list.filter), list);
    return rows.map(toSubscriptionRecord);
  }

  @Get(':id')
  get(@IdParam(SUBSCRIPTION_NOT_FOUND) id: string): Promise<SubscriptionRecord<Date>> {
    return this.lifecycle.get(id);
  }

  /** Cancel Subscription: now (default), or at the end of the period. */
  @ApiErrors(subscriptionsErrors.alreadyCancelled, subscriptionsErrors.stripeFailed)
  @Post(':id/cancel')
  @AdminWrite('cancel_subscription', 'subscription')
  @HttpCode(200)
  cancel(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(SUBSCRIPTION_NOT_FOUND) id: string,
    @Body() form: CancelSubscriptionDto,
  ): Promise<SubscriptionAction<Date>> {
    return this.lifecycle.cancel(admin.userId!, id, form);
  }

  /**
   * Reactivate Subscription: undoes a scheduled cancellation, or restarts a cancelled one once
   * the body confirms the amount it charges (409 `charge_confirmation_required` until then).
   */
  @ApiErrors(
    subscriptionsErrors.notReactivatable,
    subscriptionsErrors.alreadySubscribed,
    subscriptionsErrors.stripeFailed,
    { status: 409, code: CHARGE_CONFIRMATION_REQUIRED },
  )
  @Post(':id/reactivate')
  @AdminWrite('reactivate_subscription', 'subscription')
  @HttpCode(200)
  reactivate(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(SUBSCRIPTION_NOT_FOUND) id: string,
    @Body() form: ReactivateSubscriptionDto,
  ): Promise<SubscriptionAction<Date>> {
    return this.lifecycle.reactivate(admin.userId!, id, form.confirm_amount_cents);
  }
}
