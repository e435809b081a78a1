import {
  Body,
  Controller,
  Delete,
  Get,
  Param,
  Post,
  Put,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource, type EntityManager } from 'typeorm';
import { CreateRoleDto, UpdateRoleDto } from '../admin/dto/role.dto.js';
import { containsPattern, idsFilter, parseListQuery, sendList } from '../common/list-query.js';
import { AuditService } from '../audit/audit.service.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { AdminGuard, AdminWrite } from '../admin/admin-access.js';
import { CurrentUser } from '../auth/guards.js';
import { AppException } from '../common/app.exception.js';
import { RoleEntity } from './role.entity.js';
import { isUuid } from '../common/ids.js';

const roleExists = () =>
  new AppException('role_exists', 409, 'A role with this name already exists.');
const notFound = () => new AppException('not_found', 404, 'Role not found.');

/** Roles: listed by name, created, edited and deleted, each change audited. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/roles')
export class RolesController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RoleEntity[]> {
    const list = parseListQuery(query, {
      sortable: ['name', 'created_at', 'updated_at'],
      defaultSort: ['name', 'ASC'],
    });
    const builder = this.dataSource.getRepository(RoleEntity).createQueryBuilder('r');
    const ids = idsFilter(list.filter.id);
    if (ids) builder.andWhere('r.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    if (typeof list.filter.q === 'string' && list.filter.q.trim())
      builder.andWhere('(r.name ILIKE :q OR r.description ILIKE :q)', {
        q: containsPattern(list.filter.q.trim()),
      });
    return sendList(reply, 'roles', builder, list);
  }

  @Get(':id')
  async get(@Param('id') id: string): Promise<RoleEntity> {
    return this.find(this.dataSource.manager, id);
  }

  @Post()
  @AdminWrite('create_role')
  async create(
    @CurrentUser() admin: AuthenticatedUser,
    @Body() form: CreateRoleDto,
  ): Promise<RoleEntity> {
    return this.dataSource.transaction(async (manager) => {
      const roles = manager.getRepository(RoleEntity);
      const name = form.name.trim();
      if (await roles.existsBy({ name })) throw roleExists();
      const role = await roles.save(
        roles.create({
          name,
          description: form.description?.trim() ?? '',
          permissions: form.permissions ?? {},
        }),
      );
      await this.audit.record(manager, {
        adminId: admin.userId!,
        type: 'create_role',
        details: {
          description: `Created role ${role.name}`,
          old_values: null,
          new_values: {
            name: role.name,
            description: role.description,
            permissions: role.permissions,
          },
        },
      });
      return role;
    });
  }

  @Put(':id')
  @AdminWrite('update_role')
  async update(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
    @Body() form: UpdateRoleDto,
  ): Promise<RoleEntity> {
    return this.dataSource.transaction(async (manager) => {
      const roles = manager.getRepository(RoleEntity);
      const role = await this.find(manager, id);
      const next = {
        name: form.name?.trim() ?? role.name,
        description: form.description?.trim() ?? role.description,
        permissions: form.permissions ?? role.permissions,
      };
      if (
        next.name.toLowerCase() !== role.name.toLowerCase() &&
        (await roles.existsBy({ name: next.name }))
      )
        throw roleExists();
      await roles.update(id, next);
      await this.audit.record(manager, {
        adminId: admin.userId!,
        type: 'update_role',
        details: {
          description: `Edited role ${next.name}`,
          old_values: {
            name: role.name,
            description: role.description,
            permissions: role.permissions,
          },
          new_values: next,
        },
      });
      return this.find(manager, id);
    });
  }

  @Delete(':id')
  @AdminWrite('delete_role')
  async remove(
    @CurrentUser() admin: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<RoleEntity> {
    return this.dataSource.transaction(async (manager) => {
      const role = await this.find(manager, id);
      await manager.getRepository(RoleEntity).delete(id);
      await this.audit.record(manager, {
        adminId: admin.userId!,
        type: 'delete_role',
        details: {
          description: `Deleted role ${role.name}`,
          old_values: {
            name: role.name,
            description: role.description,
            permissions: role.permissions,
          },
          new_values: null,
        },
      });
      return role;
    });
  }

  private async find(manager: EntityManager, id: string): Promise<RoleEntity> {
    if (!isUuid(id)) throw notFound();
    const role = await manager.getRepository(RoleEntity).findOneBy({ id });
    if (!role) throw notFound();
    return role;
  }
}
