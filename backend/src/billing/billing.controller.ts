import { Body, Controller, Get, HttpCode, Ip, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser, JwtAuthGuard } from '../auth/guards.js';
import type { PlanPreview, RedirectUrl } from '@leadpulse/common';
import type { MemberView } from '../users/users.service.js';
import { BillingService } from './billing.service.js';
import { MemberPlanDto } from './dto/plan.dto.js';
import { ApiErrors, RATE_LIMITED } from '../api-docs/error-responses.js';
import { billingErrors } from './billing.errors.js';

@ApiTags('billing')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@ApiErrors({ status: 404, code: 'profile_not_found' })
@Controller('billing')
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @ApiErrors({ status: 409, code: 'no_billing_account' }, billingErrors.stripeFailed)
  @Post('portal')
  @HttpCode(200)
  portal(@CurrentUser() user: AuthenticatedUser): Promise<RedirectUrl> {
    return this.billing.portal(user.accountId);
  }

  /** The customer portal on its payment method page (Update payment method). */
  @ApiErrors({ status: 409, code: 'no_billing_account' }, billingErrors.stripeFailed)
  @Post('portal/payment-method')
  @HttpCode(200)
  paymentMethodPortal(@CurrentUser() user: AuthenticatedUser): Promise<RedirectUrl> {
    return this.billing.paymentMethodPortal(user.accountId);
  }

  /** Subscribe to a monthly plan: answers the Stripe Checkout URL. */
  @ApiErrors(
    RATE_LIMITED,
    { status: 409, code: 'already_active' },
    { status: 502, code: 'checkout_failed' },
  )
  @Post('checkout')
  @HttpCode(200)
  checkout(
    @CurrentUser() user: AuthenticatedUser,
    @Body() form: MemberPlanDto,
    @Ip() ip: string,
  ): Promise<RedirectUrl> {
    return this.billing.checkout(user.accountId, form.plan, ip);
  }

  /** What moving to another plan would charge now (`?plan=networker`), for the confirmation. */
  @ApiErrors(
    billingErrors.noSubscription,
    { status: 409, code: 'same_plan' },
    billingErrors.stripeFailed,
  )
  @Get('plan/preview')
  previewPlan(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: MemberPlanDto,
  ): Promise<PlanPreview> {
    return this.billing.previewPlan(user.accountId, query.plan);
  }

  /** Move a paying subscription to another monthly plan. */
  @ApiErrors(
    billingErrors.noSubscription,
    { status: 409, code: 'same_plan' },
    billingErrors.stripeFailed,
  )
  @Post('plan')
  @HttpCode(200)
  changePlan(
    @CurrentUser() user: AuthenticatedUser,
    @Body() form: MemberPlanDto,
  ): Promise<MemberView> {
    return this.billing.changePlan(user.accountId, form.plan);
  }
}
