import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { RevenueModule } from '../revenue/revenue.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminSubscriptionsController } from './admin-subscriptions.controller.js';
import { AdminUserSubscriptionController } from './admin-user-subscription.controller.js';
import { PeriodEndCancellationService } from './period-end-cancellation.service.js';
import { PlanChangesService } from './plan-changes.service.js';
import { SubscriptionLifecycleService } from './subscription-lifecycle.service.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** Subscriptions kept in step with Stripe, plan changes, and the back office's cancel/reactivate. */
@Module({
  // AuthModule: the admin controllers' guard needs its JwtAuthGuard.
  imports: [AuthModule, StripeModule, RevenueModule, UsersModule],
  controllers: [AdminSubscriptionsController, AdminUserSubscriptionController],
  providers: [
    SubscriptionsService,
    SubscriptionLifecycleService,
    PlanChangesService,
    PeriodEndCancellationService,
  ],
  exports: [SubscriptionsService, PlanChangesService, PeriodEndCancellationService],
})
export class SubscriptionsModule {}
