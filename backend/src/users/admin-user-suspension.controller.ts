import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminGuard, AdminWrite } from '../auth/admin-access.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/guards.js';
import { IdParam } from '../common/id-param.js';
import { SuspendUserDto } from './dto/admin-user.dto.js';
import { UserSuspensionService } from './user-suspension.service.js';
import { UsersListService, type AdminUserView } from './users-list.service.js';
import { USER_NOT_FOUND } from './users.errors.js';

const UserId = () => IdParam(USER_NOT_FOUND);

/** Suspending a user from their profile, and reactivating them. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/users')
export class AdminUserSuspensionController {
  constructor(
    private readonly suspension: UserSuspensionService,
    private readonly users: UsersListService,
  ) {}

  /** Suspends the user: no sign-in until reactivated, and every sign-in ends now. */
  @Post(':id/suspend')
  @AdminWrite('suspend_user', 'user')
  @HttpCode(200)
  async suspend(
    @CurrentUser() admin: AuthenticatedUser,
    @UserId() id: string,
    @Body() body: SuspendUserDto,
  ): Promise<AdminUserView> {
    await this.suspension.suspend(admin.userId!, id, body.reason);
    return this.users.get(id);
  }

  /** Gives a suspended user back the status they had. */
  @Post(':id/reactivate')
  @AdminWrite('reactivate_user', 'user')
  @HttpCode(200)
  async reactivate(
    @CurrentUser() admin: AuthenticatedUser,
    @UserId() id: string,
  ): Promise<AdminUserView> {
    await this.suspension.reactivate(admin.userId!, id);
    return this.users.get(id);
  }
}
