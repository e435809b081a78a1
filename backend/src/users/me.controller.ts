import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Patch,
  Put,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { MemberExport } from '@leadpulse/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser, JwtAuthGuard } from '../auth/guards.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { DeleteAccountDto } from './dto/delete-account.dto.js';
import { NotificationPreferencesDto } from './dto/notification-preferences.dto.js';
import { UpdateProfileDto } from './dto/update-profile.dto.js';
import type { NotificationPreferences } from './user.entity.js';
import { MemberExportService } from './member-export.service.js';
import { UsersService, type OwnMemberView } from './users.service.js';
import { usersErrors } from './users.errors.js';
import { ApiErrors, RATE_LIMITED } from '../api-docs/error-responses.js';
import { mfaErrors } from '../auth/mfa/mfa.errors.js';

@ApiTags('me')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@ApiErrors(usersErrors.profileNotFound)
@Controller('me')
export class MeController {
  constructor(
    private readonly users: UsersService,
    private readonly exports: MemberExportService,
    private readonly deletion: AccountDeletionService,
  ) {}

  /** "Delete my account", confirmed with the password and any two-step code: see AccountDeletionService. */
  @ApiErrors(RATE_LIMITED, usersErrors.wrongPassword, mfaErrors.invalidCode)
  @Delete()
  @HttpCode(204)
  async delete(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: DeleteAccountDto,
  ): Promise<void> {
    await this.deletion.delete(user.accountId, body.password, body.code);
  }

  @Get()
  @Header('Cache-Control', 'no-store')
  me(@CurrentUser() user: AuthenticatedUser): Promise<OwnMemberView> {
    return this.users.me(user.accountId);
  }

  @ApiErrors(usersErrors.invalidTimeZone)
  @Patch()
  @Header('Cache-Control', 'no-store')
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: UpdateProfileDto,
  ): Promise<OwnMemberView> {
    return this.users.updateProfile(user.accountId, body);
  }

  /** "Download my data": everything held about the member, as a JSON file. Rate limited. */
  @ApiErrors(RATE_LIMITED)
  @Get('export')
  @Header('Cache-Control', 'no-store')
  async export(
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MemberExport> {
    const data = await this.exports.export(user.accountId);
    const day = data.exported_at.slice(0, 10);
    void reply.header('content-disposition', `attachment; filename="leadpulse-data-${day}.json"`);
    return data;
  }

  @Put('notifications')
  notifications(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: NotificationPreferencesDto,
  ): Promise<NotificationPreferences> {
    return this.users.setNotifications(user.accountId, body);
  }
}
