import { Body, Controller, Get, Header, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser, JwtAuthGuard } from '../auth/guards.js';
import type { OwnMemberView } from '../users/users.service.js';
import { OverduePaymentService } from './dunning/overdue-payment.service.js';
import { CancelOwnSubscriptionDto } from './dto/cancel-own-subscription.dto.js';
import { MemberBillingService, type MemberBillingView } from './member-billing.service.js';
import { ApiErrors } from '../api-docs/error-responses.js';
import { billingErrors } from './billing.errors.js';

/** Settings → Subscription: the member's billing, and ending or resuming their subscription. */
@ApiTags('me')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@ApiErrors({ status: 404, code: 'profile_not_found' })
@Controller('me')
export class MeBillingController {
  constructor(
    private readonly billing: MemberBillingService,
    private readonly overdue: OverduePaymentService,
  ) {}

  @Get('billing')
  @Header('Cache-Control', 'no-store')
  get(@CurrentUser() user: AuthenticatedUser): Promise<MemberBillingView> {
    return this.billing.billing(user.accountId);
  }

  /** Cancels at the end of the paid period, with the member's reason. */
  @ApiErrors(billingErrors.noSubscription, billingErrors.alreadyEnding, billingErrors.stripeFailed)
  @Post('subscription/cancel')
  @HttpCode(200)
  cancel(
    @CurrentUser() user: AuthenticatedUser,
    @Body() form: CancelOwnSubscriptionDto,
  ): Promise<MemberBillingView> {
    return this.billing.cancel(user.accountId, form);
  }

  /** Undoes a cancellation before the period ends. */
  @ApiErrors(billingErrors.noSubscription, billingErrors.notEnding, billingErrors.stripeFailed)
  @Post('subscription/resume')
  @HttpCode(200)
  resume(@CurrentUser() user: AuthenticatedUser): Promise<MemberBillingView> {
    return this.billing.resume(user.accountId);
  }

  /**
   * Pays the unpaid renewal now with the card on file (after Update payment method); answers the
   * member's record. 409 `no_payment_due`, 402 `payment_declined`.
   */
  @ApiErrors(
    billingErrors.noSubscription,
    billingErrors.noPaymentDue,
    billingErrors.paymentDeclined,
    billingErrors.stripeFailed,
  )
  @Post('subscription/pay')
  @HttpCode(200)
  pay(@CurrentUser() user: AuthenticatedUser): Promise<OwnMemberView> {
    return this.overdue.pay(user.accountId);
  }
}
