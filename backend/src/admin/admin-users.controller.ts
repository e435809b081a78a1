import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { RoleRef } from '@leadpulse/common';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { AdminGuard, AdminWrite } from './admin-access.js';
import { CurrentUser } from '../auth/guards.js';
import type { MemberView } from '../users/users.service.js';
import { AdminUsersService, USER_SORTABLE, type ActivityEntry } from './admin-users.service.js';
import {
  ApplyPromoDto,
  ComplimentaryAccessDto,
  CreateUserDto,
  UpdateUserDto,
} from './dto/admin-user.dto.js';
import { parseListQuery, sendList } from '../common/list-query.js';

const USER_LIST = {
  sortable: USER_SORTABLE,
  defaultSort: ['created_at', 'DESC'] as ['created_at', 'DESC'],
};

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  /** Newest first; `filter.q` searches e-mail and names, `filter.segment` is the spec's filter. */
  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MemberView[]> {
    const list = parseListQuery(query, USER_LIST);
    // Counting every match of a broad search over a million users costs seconds; above 10,000
    // the total is PostgreSQL's estimate, flagged for the pagination's "about".
    const rows = await sendList(reply, 'users', this.users.filtered(list.filter), list, {
      exactCountUpTo: 10_000,
    });
    return rows.map((user) => this.users.view(user));
  }

  /** users.csv of the current search and filter, streamed. */
  @Get('export.csv')
  export(@Query() query: Record<string, unknown>): StreamableFile {
    const { filter } = parseListQuery({ filter: query.filter }, USER_LIST);
    return new StreamableFile(this.users.exportCsv({ filter }), {
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="users.csv"',
    });
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<MemberView & { roles: RoleRef[] }> {
    return this.users.get(id);
  }

  @Post()
  @AdminWrite('create_user')
  create(
    @CurrentUser() admin: AuthenticatedUser,
    @Body() form: CreateUserDto,
  ): Promise<MemberView> {
    return this.users.create(admin.userId!, form);
  }

  @Put(':id')
  @AdminWrite('update_user')
  update(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
    @Body() form: UpdateUserDto,
  ): Promise<MemberView> {
    return this.users.update(admin.userId!, id, form);
  }

  @Post(':id/promo')
  @AdminWrite('apply_promo')
  @HttpCode(200)
  applyPromo(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
    @Body() form: ApplyPromoDto,
  ): Promise<MemberView & { warning?: string }> {
    return this.users.applyPromo(admin.userId!, id, form);
  }

  @Delete(':id/promo')
  @AdminWrite('remove_promo')
  removePromo(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<MemberView> {
    return this.users.removePromo(admin.userId!, id);
  }

  @Post(':id/complimentary')
  @AdminWrite('grant_complimentary_access')
  @HttpCode(200)
  complimentary(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
    @Body() form: ComplimentaryAccessDto,
  ): Promise<MemberView> {
    return this.users.grantComplimentary(admin.userId!, id, form);
  }

  @Post(':id/welcome-email')
  @AdminWrite('send_welcome_email')
  @HttpCode(200)
  welcome(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<{ message: string }> {
    return this.users.sendWelcome(admin.userId!, id);
  }

  @Post(':id/password-reset')
  @AdminWrite('send_password_reset')
  @HttpCode(200)
  passwordReset(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<{ message: string }> {
    return this.users.sendPasswordReset(admin.userId!, id);
  }

  /** Billing changes and admin actions merged, newest first. */
  @Get(':id/activity')
  activity(@Param('id') id: string): Promise<ActivityEntry[]> {
    return this.users.activity(id);
  }
}
