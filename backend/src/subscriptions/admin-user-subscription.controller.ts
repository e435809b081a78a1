import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminGuard, AdminWrite } from '../auth/admin-access.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/guards.js';
import { IdParam } from '../common/id-param.js';
import { USER_NOT_FOUND } from '../users/users.errors.js';
import type { MemberView } from '../users/users.service.js';
import { ChangePlanDto } from './dto/change-plan.dto.js';
import { PlanChangesService } from './plan-changes.service.js';
import type { PlanPreview } from '@leadpulse/common';
import { ApiErrors } from '../api-docs/error-responses.js';
import { subscriptionsErrors } from './subscriptions.errors.js';

/** Change Subscription from a user's profile: the proration preview, then the change. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/users')
export class AdminUserSubscriptionController {
  constructor(private readonly plans: PlanChangesService) {}

  /** The proration preview of Change Subscription (`?plan=networker`). */
  @ApiErrors(
    subscriptionsErrors.noSubscription,
    subscriptionsErrors.samePlan,
    subscriptionsErrors.stripeFailed,
  )
  @Get(':id/subscription/preview')
  preview(
    @IdParam(USER_NOT_FOUND) id: string,
    @Query() query: ChangePlanDto,
  ): Promise<PlanPreview> {
    return this.plans.preview(id, query.plan);
  }

  @ApiErrors(
    subscriptionsErrors.noSubscription,
    subscriptionsErrors.samePlan,
    subscriptionsErrors.planChangeFailed,
  )
  @Post(':id/subscription')
  @AdminWrite('change_subscription', 'user')
  @HttpCode(200)
  changePlan(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(USER_NOT_FOUND) id: string,
    @Body() form: ChangePlanDto,
  ): Promise<MemberView> {
    return this.plans.changePlan(admin.userId!, id, form);
  }
}
