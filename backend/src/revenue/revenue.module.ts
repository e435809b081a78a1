import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { AdminRevenueController } from './admin-revenue.controller.js';
import { RevenueMetricsService } from './revenue-metrics.service.js';
import { SubscriptionHistoryService } from './subscription-history.service.js';

/**
 * Revenue: the subscription history (written by the subscriptions' event handlers through
 * SubscriptionHistoryService) and the metrics read from it and from the payments.
 */
@Module({
  // AuthModule: the admin controller's guard needs its JwtAuthGuard.
  imports: [AuthModule, StripeModule],
  controllers: [AdminRevenueController],
  providers: [SubscriptionHistoryService, RevenueMetricsService],
  exports: [SubscriptionHistoryService, RevenueMetricsService],
})
export class RevenueModule {}
