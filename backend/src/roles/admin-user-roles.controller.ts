import { Body, Controller, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AdminUserRecord } from '@leadpulse/common';
import { AdminGuard, AdminWrite } from '../auth/admin-access.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/guards.js';
import { IdParam } from '../common/id-param.js';
import { SetUserRolesDto } from './dto/role.dto.js';
import { ROLES_ERRORS } from './roles.errors.js';
import { RolesService } from './roles.service.js';
import { ApiErrors } from '../api-docs/error-responses.js';

/** The roles an administrator holds, set from their profile. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/users')
export class AdminUserRolesController {
  constructor(private readonly roles: RolesService) {}

  @ApiErrors(ROLES_ERRORS.notAdmin)
  @Put(':id/roles')
  @AdminWrite('set_user_roles', 'user')
  set(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(ROLES_ERRORS.userNotFound) id: string,
    @Body() form: SetUserRolesDto,
  ): Promise<AdminUserRecord<Date>> {
    return this.roles.setUserRoles(admin, id, form.role_ids);
  }
}
