import { Body, Controller, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { PaymentHistory, BillingUpdate } from '@leadpulse/common';
import { AdminGuard, AdminWrite } from '../auth/admin-access.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/guards.js';
import { IdParam } from '../common/id-param.js';
import { USER_NOT_FOUND } from '../users/users.errors.js';
import type { MemberView } from '../users/users.service.js';
import { BillingDetailsService } from './billing-details.service.js';
import { RefundDto, UpdateBillingDto } from './dto/billing.dto.js';
import { PaymentHistoryService } from './payment-history.service.js';
import { RefundsService } from './refunds.service.js';
import { ApiErrors } from '../api-docs/error-responses.js';
import { paymentsErrors } from './payments.errors.js';

/** The money side of a user's profile: payment history, billing information, refunds. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/users')
export class AdminPaymentsController {
  constructor(
    private readonly history: PaymentHistoryService,
    private readonly billing: BillingDetailsService,
    private readonly refunds: RefundsService,
  ) {}

  @Get(':id/payments')
  payments(@IdParam(USER_NOT_FOUND) id: string): Promise<PaymentHistory<Date>> {
    return this.history.history(id);
  }

  @ApiErrors(paymentsErrors.noCustomer, paymentsErrors.stripeFailed)
  @Post(':id/payments/sync')
  @AdminWrite('sync_payment_history', 'user')
  @HttpCode(200)
  syncPayments(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(USER_NOT_FOUND) id: string,
  ): Promise<PaymentHistory<Date>> {
    return this.history.syncHistory(admin.userId!, id);
  }

  @ApiErrors(paymentsErrors.noCustomer, paymentsErrors.stripeFailed)
  @Put(':id/billing')
  @AdminWrite('update_billing', 'user')
  updateBilling(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(USER_NOT_FOUND) id: string,
    @Body() form: UpdateBillingDto,
  ): Promise<BillingUpdate<Date>> {
    return this.billing.updateBilling(admin.userId!, id, form);
  }

  @ApiErrors(paymentsErrors.noCustomer, paymentsErrors.stripeFailed)
  @Post(':id/stripe-sync')
  @AdminWrite('stripe_sync', 'user')
  @HttpCode(200)
  stripeSync(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(USER_NOT_FOUND) id: string,
  ): Promise<MemberView> {
    return this.billing.stripeSync(admin.userId!, id);
  }

  @ApiErrors(paymentsErrors.noCustomer, paymentsErrors.notRefundable, paymentsErrors.stripeFailed)
  @Post(':id/refunds')
  @AdminWrite('process_refund', 'user')
  @HttpCode(200)
  refund(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(USER_NOT_FOUND) id: string,
    @Body() form: RefundDto,
  ): Promise<PaymentHistory<Date>> {
    return this.refunds.refund(admin.userId!, id, form);
  }
}
