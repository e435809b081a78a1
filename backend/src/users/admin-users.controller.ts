import {
  Body,
  Controller,
  Get,
  Post,
  Put,
  Query,
  Res,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ActivityEntry } from '@leadpulse/common';
import { AdminGuard, AdminWrite } from '../auth/admin-access.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/guards.js';
import { IdParam } from '../common/id-param.js';
import { parseListQuery, sendList, type ListOptions } from '../common/list-query.js';
import { ExportQueryDto, ListQueryDto } from '../common/list-query.dto.js';
import { editOf } from '../common/record-edit.js';
import { CreateUserDto, UpdateUserDto } from './dto/admin-user.dto.js';
import { UserAccountsService } from './user-accounts.service.js';
import { UserActivityService } from './user-activity.service.js';
import { USER_NOT_FOUND, usersErrors } from './users.errors.js';
import {
  USER_FILTERS,
  USER_SORTABLE,
  UsersListService,
  type AdminUserView,
} from './users-list.service.js';
import { toMemberView, type MemberView } from './users.service.js';
import { ApiErrors } from '../api-docs/error-responses.js';

const USER_LIST: ListOptions = {
  sortable: USER_SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filters: USER_FILTERS,
};
const UserId = () => IdParam(USER_NOT_FOUND);

/** The back office's users: list, export, profile, account edits and activity. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/users')
export class AdminUsersController {
  constructor(
    private readonly users: UsersListService,
    private readonly accounts: UserAccountsService,
    private readonly activities: UserActivityService,
  ) {}

  /** Newest first; `filter.q` searches e-mail and names, `filter.segment` is the spec's filter. */
  @Get()
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MemberView[]> {
    const list = parseListQuery(query, USER_LIST);
    // Counting every match of a broad search over a million users costs seconds; above 10,000
    // the total is PostgreSQL's estimate, flagged for the pagination's "about".
    const rows = await sendList(reply, 'users', this.users.filtered(list.filter), list, {
      exactCountUpTo: 10_000,
    });
    return rows.map((user) => toMemberView(user));
  }

  /** users.csv of the current search and filter, streamed. */
  @Get('export.csv')
  export(@Query() query: ExportQueryDto): StreamableFile {
    const { filter } = parseListQuery({ filter: query.filter }, USER_LIST);
    return new StreamableFile(this.users.exportCsv({ filter }), {
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="users.csv"',
    });
  }

  @Get(':id')
  get(@UserId() id: string): Promise<AdminUserView> {
    return this.users.get(id);
  }

  @ApiErrors(usersErrors.emailTaken)
  @Post()
  @AdminWrite('create_user')
  create(
    @CurrentUser() admin: AuthenticatedUser,
    @Body() form: CreateUserDto,
  ): Promise<MemberView> {
    return this.accounts.create(admin.userId!, form);
  }

  /** The changes of an edit (the whole record may be sent back); answers the user as GET does. */
  @ApiErrors(usersErrors.emailTaken)
  @Put(':id')
  @AdminWrite('update_user', 'user')
  @ApiBody({ type: UpdateUserDto })
  async update(
    @CurrentUser() admin: AuthenticatedUser,
    @UserId() id: string,
    @Body() body: unknown,
  ): Promise<AdminUserView> {
    const form = await editOf(UpdateUserDto, body, () => this.users.get(id));
    await this.accounts.update(admin.userId!, id, form);
    return this.users.get(id);
  }

  /** Billing changes and admin actions merged, newest first. */
  @Get(':id/activity')
  activity(@UserId() id: string): Promise<ActivityEntry<Date>[]> {
    return this.activities.activity(id);
  }
}
