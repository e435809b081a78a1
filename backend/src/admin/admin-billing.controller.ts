import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { AdminGuard, AdminWrite } from './admin-access.js';
import { CurrentUser } from '../auth/guards.js';
import type { MemberView } from '../users/users.service.js';
import { AdminBillingService, type PaymentHistory } from './admin-billing.service.js';
import { ChangePlanDto, RefundDto, UpdateBillingDto } from './dto/billing.dto.js';

/** The money actions of a user's profile. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/users')
export class AdminBillingController {
  constructor(private readonly billing: AdminBillingService) {}

  @Get(':id/payments')
  payments(@Param('id') id: string): Promise<PaymentHistory> {
    return this.billing.history(id);
  }

  @Post(':id/payments/sync')
  @AdminWrite('sync_payment_history')
  @HttpCode(200)
  syncPayments(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<PaymentHistory> {
    return this.billing.syncHistory(admin.userId!, id);
  }

  @Put(':id/billing')
  @AdminWrite('update_billing')
  updateBilling(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
    @Body() form: UpdateBillingDto,
  ): Promise<{ user: MemberView; warning?: string }> {
    return this.billing.updateBilling(admin.userId!, id, form);
  }

  @Post(':id/stripe-sync')
  @AdminWrite('stripe_sync')
  @HttpCode(200)
  stripeSync(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<MemberView> {
    return this.billing.stripeSync(admin.userId!, id);
  }

  @Post(':id/refunds')
  @AdminWrite('process_refund')
  @HttpCode(200)
  refund(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
    @Body() form: RefundDto,
  ): Promise<PaymentHistory> {
    return this.billing.refund(admin.userId!, id, form);
  }

  /** The proration preview of Change Subscription (`?plan=networker`). */
  @Get(':id/subscription/preview')
  preview(
    @Param('id') id: string,
    @Query() query: ChangePlanDto,
  ): Promise<{ amount_due_cents: number; credit_cents: number; after_founding: boolean }> {
    return this.billing.previewPlan(id, query.plan);
  }

  @Post(':id/subscription')
  @AdminWrite('change_subscription')
  @HttpCode(200)
  changePlan(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
    @Body() form: ChangePlanDto,
  ): Promise<MemberView> {
    return this.billing.changePlan(admin.userId!, id, form);
  }
}
