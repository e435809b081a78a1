import { Body, Controller, Delete, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminGuard, AdminWrite } from '../auth/admin-access.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/guards.js';
import { IdParam } from '../common/id-param.js';
import { ApplyPromoDto, ComplimentaryAccessDto } from './dto/admin-user.dto.js';
import { UserPromosService } from './user-promos.service.js';
import { USER_NOT_FOUND } from './users.errors.js';
import type { MemberView } from './users.service.js';
import type { MemberChange } from '@leadpulse/common';

/** A user's promo and complimentary access, from the profile's Promo Management. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/users')
export class AdminUserPromosController {
  constructor(private readonly promos: UserPromosService) {}

  @Post(':id/promo')
  @AdminWrite('apply_promo', 'user')
  @HttpCode(200)
  applyPromo(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(USER_NOT_FOUND) id: string,
    @Body() form: ApplyPromoDto,
  ): Promise<MemberChange<Date>> {
    return this.promos.applyPromo(admin.userId!, id, form);
  }

  @Delete(':id/promo')
  @AdminWrite('remove_promo', 'user')
  removePromo(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(USER_NOT_FOUND) id: string,
  ): Promise<MemberView> {
    return this.promos.removePromo(admin.userId!, id);
  }

  @Post(':id/complimentary')
  @AdminWrite('grant_complimentary_access', 'user')
  @HttpCode(200)
  complimentary(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(USER_NOT_FOUND) id: string,
    @Body() form: ComplimentaryAccessDto,
  ): Promise<MemberView> {
    return this.promos.grantComplimentary(admin.userId!, id, form);
  }
}
