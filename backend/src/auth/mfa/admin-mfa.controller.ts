import { Controller, Delete, HttpCode, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/id-param.js';
import { USER_NOT_FOUND } from '../../users/users.errors.js';
import { AdminGuard, AdminWrite } from '../admin-access.js';
import type { AuthenticatedUser } from '../auth-user.js';
import { CurrentUser } from '../guards.js';
import { MfaService } from './mfa.service.js';
import { ApiErrors } from '../../api-docs/error-responses.js';
import { mfaErrors } from './mfa.errors.js';

/** The back office's reset of a user's two-step verification. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/users')
export class AdminMfaController {
  constructor(private readonly mfa: MfaService) {}

  @ApiErrors(mfaErrors.ownReset, mfaErrors.notEnabled)
  @Delete(':id/mfa')
  @AdminWrite('reset_mfa', 'user')
  @HttpCode(204)
  reset(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(USER_NOT_FOUND) id: string,
  ): Promise<void> {
    return this.mfa.resetByAdmin(admin.userId!, id);
  }
}
