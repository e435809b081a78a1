import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { RolesModule } from '../roles/roles.module.js';
import { AdminBillingController } from './admin-billing.controller.js';
import { AdminBillingService } from './admin-billing.service.js';
import { AdminIdentityController } from './admin-identity.controller.js';
import { AdminErrorReportsController } from './admin-error-reports.controller.js';
import { AdminEmailsController } from './admin-emails.controller.js';
import { AdminNewsletterController } from './admin-newsletter.controller.js';
import { AdminStatsController } from './admin-stats.controller.js';
import { AdminSubscriptionsController } from './admin-subscriptions.controller.js';
import { AdminStripeEventsController } from './admin-stripe-events.controller.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersService } from './admin-users.service.js';

/** The back office's API under /api/admin; every controller is guarded by AdminGuard. */
@Module({
  imports: [
    AuthModule,
    JobsModule,
    MailModule,
    PaymentsModule,
    RolesModule,
    StripeModule,
    SubscriptionsModule,
    WebhooksModule,
  ],
  controllers: [
    AdminIdentityController,
    AdminStatsController,
    AdminUsersController,
    AdminEmailsController,
    AdminErrorReportsController,
    AdminNewsletterController,
    AdminBillingController,
    AdminStripeEventsController,
    AdminSubscriptionsController,
  ],
  providers: [AdminUsersService, AdminBillingService],
  exports: [AdminUsersService, AdminBillingService],
})
export class AdminModule {}
