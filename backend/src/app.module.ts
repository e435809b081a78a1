import { Module, type DynamicModule } from '@nestjs/common';
import { AdminModule } from './admin/admin.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { BillingModule } from './billing/billing.module.js';
import { FoundingModule } from './founding/founding.module.js';
import { HealthModule } from './health/health.module.js';
import { LeadDigestModule } from './leads/digest/digest.module.js';
import { LeadAnalyticsModule } from './leads/analytics/analytics.module.js';
import { LeadsModule } from './leads/leads.module.js';
import { LeadScoringModule } from './leads/scoring/scoring.module.js';
import { StripeEventHandlersModule } from './webhooks/stripe-event-handlers.module.js';
import { LogsModule } from './logs/logs.module.js';
import { MailModule } from './mail/mail.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { NewsletterModule } from './newsletter/newsletter.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { PromotionsModule } from './promotions/promotions.module.js';
import { ReconciliationModule } from './reconciliation/reconciliation.module.js';
import { RevenueModule } from './revenue/revenue.module.js';
import { SiteConfigModule } from './site-config/site-config.module.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';
import { UsersModule } from './users/users.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(databaseUrl),
        AuditModule,
        MailModule,
        AuthModule,
        UsersModule,
        NewsletterModule,
        SiteConfigModule,
        WebhooksModule,
        FoundingModule,
        BillingModule,
        SubscriptionsModule,
        RevenueModule,
        PaymentsModule,
        ReconciliationModule,
        AdminModule,
        PromotionsModule,
        HealthModule,
        MetricsModule,
        LogsModule,
        LeadsModule,
        LeadScoringModule,
        StripeEventHandlersModule,
        LeadDigestModule,
        LeadAnalyticsModule,
      ],
    };
  }
}
