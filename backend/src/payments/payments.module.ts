import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminPaymentsController } from './admin-payments.controller.js';
import { BillingDetailsService } from './billing-details.service.js';
import { PaymentHistoryService } from './payment-history.service.js';
import { PaymentsService } from './payments.service.js';
import { RefundsService } from './refunds.service.js';

/** Payments kept in step with Stripe, and the back office's payment history, billing, refunds. */
@Module({
  // AuthModule: the admin controller's guard needs its JwtAuthGuard.
  imports: [AuthModule, StripeModule, SubscriptionsModule, UsersModule],
  controllers: [AdminPaymentsController],
  providers: [PaymentsService, PaymentHistoryService, BillingDetailsService, RefundsService],
  exports: [PaymentsService],
})
export class PaymentsModule {}
