import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { AuthModule } from '../auth/auth.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { AdminRevenueController } from './admin-revenue.controller.js';
import { RevenueBackfill } from './revenue-backfill.js';
import { MrrCheckService } from './mrr-check.service.js';
import { RevenueMetricsService } from './revenue-metrics.service.js';
import { SubscriptionHistoryService } from './subscription-history.service.js';

/**
 * Revenue: the subscription history (written by the subscriptions' event handlers through
 * SubscriptionHistoryService, and rebuilt from Stripe by RevenueBackfill where events were lost)
 * and the metrics read from it and from the payments.
 */
@Module({
  // AuthModule: the admin controller's guard needs its JwtAuthGuard.
  imports: [AuthModule, StripeModule],
  controllers: [AdminRevenueController],
  providers: [
    SubscriptionHistoryService,
    RevenueMetricsService,
    MrrCheckService,
    {
      provide: RevenueBackfill,
      useFactory: (
        stripe: Stripe,
        dataSource: DataSource,
        history: SubscriptionHistoryService,
        config: AppConfig,
      ) => new RevenueBackfill(stripe, dataSource, history, config.stripe.prices),
      inject: [STRIPE, getDataSourceToken(), SubscriptionHistoryService, AppConfig],
    },
  ],
  exports: [SubscriptionHistoryService, RevenueMetricsService, RevenueBackfill, MrrCheckService],
})
export class RevenueModule {}
