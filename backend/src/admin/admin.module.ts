import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { RolesController } from '../roles/roles.controller.js';
import { AdminActionsController } from './admin-actions.controller.js';
import { AdminBillingController } from './admin-billing.controller.js';
import { AdminBillingService } from './admin-billing.service.js';
import { AdminStatsController } from './admin-stats.controller.js';
import { AdminSubscriptionsController } from './admin-subscriptions.controller.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersService } from './admin-users.service.js';

/** The back office's API under /api/admin; every controller is guarded by AdminGuard. */
@Module({
  imports: [
    AuthModule,
    JobsModule,
    MailModule,
    PaymentsModule,
    StripeModule,
    SubscriptionsModule,
    WebhooksModule,
  ],
  controllers: [
    AdminStatsController,
    AdminUsersController,
    AdminActionsController,
    AdminBillingController,
    AdminSubscriptionsController,
    RolesController,
  ],
  providers: [AdminUsersService, AdminBillingService],
  exports: [AdminUsersService, AdminBillingService],
})
export class AdminModule {}
