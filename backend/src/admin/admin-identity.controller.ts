import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { AdminGuard } from './admin-access.js';
import { CurrentUser } from '../auth/guards.js';
import { UsersService, type MemberView } from '../users/users.service.js';

/** Who is signed in to the back office; every admin route is guarded the same way. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin')
export class AdminIdentityController {
  constructor(private readonly users: UsersService) {}

  @Get('identity')
  identity(@CurrentUser() user: AuthenticatedUser): Promise<MemberView> {
    return this.users.me(user.accountId);
  }
}
