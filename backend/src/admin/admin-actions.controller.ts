import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { AdminActionEntity } from '../audit/admin-action.entity.js';
import { AdminGuard } from './admin-access.js';
import { AppException } from '../common/app.exception.js';
import { idsFilter, parseListQuery, sendList } from '../common/list-query.js';
import { isUuid } from '../common/ids.js';

export interface AdminActionView {
  id: string;
  created_at: Date;
  action_type: string;
  description: string;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
  admin_id: string | null;
  admin_name: string;
  admin_email: string | null;
  target_user_id: string | null;
  target_email: string | null;
}

function toView(action: AdminActionEntity): AdminActionView {
  const admin = action.admin;
  return {
    id: action.id,
    created_at: action.created_at,
    action_type: action.action_type,
    description: action.details.description,
    old_values: action.details.old_values ?? null,
    new_values: action.details.new_values ?? null,
    admin_id: action.admin_id,
    admin_name: admin ? `${admin.first_name} ${admin.last_name}`.trim() || admin.email : 'System',
    admin_email: admin?.email ?? null,
    target_user_id: action.target_user_id,
    target_email: action.target_user?.email ?? null,
  };
}

/** The audit log: every admin action (and the system's repairs), newest first. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/admin-actions')
export class AdminActionsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminActionView[]> {
    const list = parseListQuery(query, {
      sortable: ['created_at', 'action_type'],
      defaultSort: ['created_at', 'DESC'],
    });
    const builder = this.dataSource
      .getRepository(AdminActionEntity)
      .createQueryBuilder('a')
      .leftJoinAndSelect('a.admin', 'admin')
      .leftJoinAndSelect('a.target_user', 'target');
    const ids = idsFilter(list.filter.id);
    if (ids) builder.andWhere('a.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    if (list.filter.admin_id === 'system') builder.andWhere('a.admin_id IS NULL');
    else if (list.filter.admin_id !== undefined) {
      idsFilter(list.filter.admin_id);
      builder.andWhere('a.admin_id = :adminId', { adminId: list.filter.admin_id });
    }
    if (list.filter.target_user_id !== undefined) {
      idsFilter(list.filter.target_user_id);
      builder.andWhere('a.target_user_id = :target', { target: list.filter.target_user_id });
    }
    if (typeof list.filter.action_type === 'string')
      builder.andWhere('a.action_type = :type', { type: list.filter.action_type });
    return (await sendList(reply, 'admin-actions', builder, list)).map(toView);
  }

  @Get(':id')
  async get(@Param('id') id: string): Promise<AdminActionView> {
    if (!isUuid(id)) throw new AppException('not_found', 404, 'Action not found.');
    const action = await this.dataSource
      .getRepository(AdminActionEntity)
      .findOne({ where: { id }, relations: { admin: true, target_user: true } });
    if (!action) throw new AppException('not_found', 404, 'Action not found.');
    return toView(action);
  }
}
