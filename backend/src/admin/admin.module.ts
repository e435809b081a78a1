import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailModule } from '../mail/mail.module.js';
import { RolesController } from '../roles/roles.controller.js';
import { AdminActionsController } from './admin-actions.controller.js';
import { AdminEmailsController } from './admin-emails.controller.js';
import { AdminStatsController } from './admin-stats.controller.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AdminUsersService } from './admin-users.service.js';

/** The back office's API under /api/admin; every controller is guarded by AdminGuard. */
@Module({
  imports: [AuthModule, JobsModule, MailModule],
  controllers: [
    AdminStatsController,
    AdminUsersController,
    AdminEmailsController,
    AdminActionsController,
    RolesController,
  ],
  providers: [AdminUsersService],
  exports: [AdminUsersService],
})
export class AdminModule {}
