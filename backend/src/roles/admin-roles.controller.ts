import { Body, Controller, Delete, Get, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import type { RoleRecord } from '@leadpulse/common';
import type { FastifyReply } from 'fastify';
import { AdminGuard, AdminWrite } from '../auth/admin-access.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/guards.js';
import { IdParam } from '../common/id-param.js';
import { parseListQuery, sendList } from '../common/list-query.js';
import { ListQueryDto } from '../common/list-query.dto.js';
import { editOf } from '../common/record-edit.js';
import { CreateRoleDto, UpdateRoleDto } from './dto/role.dto.js';
import { ROLES_ERRORS } from './roles.errors.js';
import { RolesService } from './roles.service.js';
import { ApiErrors } from '../api-docs/error-responses.js';

/** Roles: listed by name with how many administrators hold each, created, edited, deleted. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/roles')
export class AdminRolesController {
  constructor(private readonly roles: RolesService) {}

  @Get()
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RoleRecord<Date>[]> {
    const list = parseListQuery(query, {
      sortable: ['name', 'created_at', 'updated_at'],
      defaultSort: ['name', 'ASC'],
      filters: ['q', 'name'],
    });
    return this.roles.withCounts(
      await sendList(reply, 'roles', this.roles.filtered(list.filter), list),
    );
  }

  @Get(':id')
  get(@IdParam(ROLES_ERRORS.notFound) id: string): Promise<RoleRecord<Date>> {
    return this.roles.get(id);
  }

  @ApiErrors(ROLES_ERRORS.exists)
  @Post()
  @AdminWrite('create_role')
  create(
    @CurrentUser() admin: AuthenticatedUser,
    @Body() form: CreateRoleDto,
  ): Promise<RoleRecord<Date>> {
    return this.roles.create(admin, form);
  }

  /** The changes of an edit (the whole record may be sent back). */
  @ApiErrors(ROLES_ERRORS.exists, ROLES_ERRORS.ownerFixed)
  @Put(':id')
  @AdminWrite('update_role')
  @ApiBody({ type: UpdateRoleDto })
  async update(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(ROLES_ERRORS.notFound) id: string,
    @Body() body: unknown,
  ): Promise<RoleRecord<Date>> {
    const form = await editOf(UpdateRoleDto, body, () => this.roles.get(id));
    return this.roles.update(admin, id, form);
  }

  @ApiErrors(ROLES_ERRORS.ownerFixed)
  @Delete(':id')
  @AdminWrite('delete_role')
  remove(
    @CurrentUser() admin: AuthenticatedUser,
    @IdParam(ROLES_ERRORS.notFound) id: string,
  ): Promise<RoleRecord<Date>> {
    return this.roles.remove(admin, id);
  }
}
