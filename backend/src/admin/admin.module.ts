import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { UsersModule } from '../users/users.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { RolesModule } from '../roles/roles.module.js';
import { AdminErrorReportsController } from './admin-error-reports.controller.js';
import { AdminEmailsController } from './admin-emails.controller.js';
import { AdminIdentityController } from './admin-identity.controller.js';
import { AdminNewsletterController } from './admin-newsletter.controller.js';
import { AdminStatsController } from './admin-stats.controller.js';
import { AdminStripeEventsController } from './admin-stripe-events.controller.js';

/**
 * The back office's API under /api/admin that belongs to no feature; every controller is guarded
 * by AdminGuard. A feature's own admin controllers (users, payments, subscriptions) sit in its
 * module.
 */
@Module({
  imports: [AuthModule, MailModule, RolesModule, UsersModule, WebhooksModule],
  controllers: [
    AdminIdentityController,
    AdminStatsController,
    AdminEmailsController,
    AdminErrorReportsController,
    AdminNewsletterController,
    AdminStripeEventsController,
  ],
})
export class AdminModule {}
