import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminGuard, AdminWrite } from '../auth/admin-access.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/guards.js';
import { IdParam } from '../common/id-param.js';
import { UserEmailsService } from './user-emails.service.js';
import { USER_NOT_FOUND, usersErrors } from './users.errors.js';
import { ApiErrors } from '../api-docs/error-responses.js';
import type { ActionMessage } from '@leadpulse/common';

const UserId = () => IdParam(USER_NOT_FOUND);

/** The e-mails an administrator sends a user from their profile. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/users')
export class AdminUserEmailsController {
  constructor(private readonly emails: UserEmailsService) {}

  @ApiErrors(usersErrors.alreadySetUp)
  @Post(':id/welcome-email')
  @AdminWrite('send_welcome_email', 'user')
  @HttpCode(200)
  welcome(@CurrentUser() admin: AuthenticatedUser, @UserId() id: string): Promise<ActionMessage> {
    return this.emails.sendWelcome(admin.userId!, id);
  }

  @ApiErrors(usersErrors.alreadySetUp)
  @Post(':id/password-reset')
  @AdminWrite('send_password_reset', 'user')
  @HttpCode(200)
  passwordReset(
    @CurrentUser() admin: AuthenticatedUser,
    @UserId() id: string,
  ): Promise<ActionMessage> {
    return this.emails.sendPasswordReset(admin.userId!, id);
  }
}
