import { Body, Controller, Get, Header, Patch, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser, JwtAuthGuard } from '../auth/guards.js';
import { NotificationPreferencesDto } from './dto/notification-preferences.dto.js';
import { UpdateProfileDto } from './dto/update-profile.dto.js';
import type { NotificationPreferences } from './user.entity.js';
import { UsersService, type MemberView } from './users.service.js';

@ApiTags('me')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('me')
export class MeController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  me(@CurrentUser() user: AuthenticatedUser): Promise<MemberView> {
    return this.users.me(user.accountId);
  }

  @Patch()
  @Header('Cache-Control', 'no-store')
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: UpdateProfileDto,
  ): Promise<MemberView> {
    return this.users.updateProfile(user.accountId, body);
  }

  @Put('notifications')
  notifications(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: NotificationPreferencesDto,
  ): Promise<NotificationPreferences> {
    return this.users.setNotifications(user.accountId, body);
  }
}
