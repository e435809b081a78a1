import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AdminGuard } from '../auth/admin-access.js';
import { IdParam } from '../common/id-param.js';
import { parseListQuery, sendList } from '../common/list-query.js';
import { ListQueryDto } from '../common/list-query.dto.js';
import { AUDIT_ERRORS } from './audit.errors.js';
import { AuditService, type AuditEntryView } from './audit.service.js';

/** The Audit Log: every back-office write (money included), refused attempts, system repairs. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/admin-actions')
export class AdminAuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuditEntryView[]> {
    const list = parseListQuery(query, {
      sortable: ['created_at', 'action_type', 'outcome'],
      defaultSort: ['created_at', 'DESC'],
      filters: ['q', 'admin_id', 'target_user_id', 'action_type', 'outcome'],
    });
    return this.audit.view(
      await sendList(reply, 'admin-actions', this.audit.filtered(list.filter), list),
    );
  }

  @Get(':id')
  get(@IdParam(AUDIT_ERRORS.notFound) id: string): Promise<AuditEntryView> {
    return this.audit.get(id);
  }
}
