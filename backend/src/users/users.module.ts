import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { LeadsModule } from '../leads/leads.module.js';
import { MailModule } from '../mail/mail.module.js';
import { RateLimitModule } from '../rate-limit/rate-limit.module.js';
import { RolesModule } from '../roles/roles.module.js';
import { StripeModule } from '../stripe/stripe.module.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { AdminUserPromosController } from './admin-user-promos.controller.js';
import { AdminUserEmailsController } from './admin-user-emails.controller.js';
import { AdminUserSuspensionController } from './admin-user-suspension.controller.js';
import { AdminUsersController } from './admin-users.controller.js';
import { MeController } from './me.controller.js';
import { MemberExportService } from './member-export.service.js';
import { StripeCustomerErasureService } from './stripe-customer-erasure.service.js';
import { UserAccountsService } from './user-accounts.service.js';
import { UserActivityService } from './user-activity.service.js';
import { UserEmailsService } from './user-emails.service.js';
import { UserPromosService } from './user-promos.service.js';
import { UserWritesModule } from './user-writes.module.js';
import { UserSuspensionService } from './user-suspension.service.js';
import { UsersListService } from './users-list.service.js';
import { UsersService } from './users.service.js';

/** Members' own profile and data export, and the back office's users (list, edits, promos, e-mails, activity). */
@Module({
  imports: [
    AuthModule,
    JobsModule,
    LeadsModule,
    MailModule,
    RateLimitModule,
    RolesModule,
    StripeModule,
    UserWritesModule,
  ],
  controllers: [
    MeController,
    AdminUsersController,
    AdminUserEmailsController,
    AdminUserPromosController,
    AdminUserSuspensionController,
  ],
  providers: [
    UsersService,
    MemberExportService,
    AccountDeletionService,
    StripeCustomerErasureService,
    UsersListService,
    UserAccountsService,
    UserPromosService,
    UserEmailsService,
    UserActivityService,
    UserSuspensionService,
  ],
  exports: [UsersService, StripeCustomerErasureService, UserWritesModule],
})
export class UsersModule {}
