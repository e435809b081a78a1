import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AdminIdentityRecord } from '@leadpulse/common';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/guards.js';
import { RolesService } from '../roles/roles.service.js';
import { AdminGuard } from '../auth/admin-access.js';

/** Who is signed in to the back office, and what their roles let them do. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin')
export class AdminIdentityController {
  constructor(private readonly roles: RolesService) {}

  @Get('identity')
  identity(@CurrentUser() user: AuthenticatedUser): Promise<AdminIdentityRecord<Date>> {
    return this.roles.identity(user.accountId);
  }
}
