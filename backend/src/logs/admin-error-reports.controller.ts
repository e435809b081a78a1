import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { ErrorReportRecord } from '@leadpulse/common';
import type { FastifyReply } from 'fastify';
import { AdminGuard } from '../auth/admin-access.js';
import { IdParam } from '../common/id-param.js';
import { parseListQuery, sendList } from '../common/list-query.js';
import { ListQueryDto } from '../common/list-query.dto.js';
import { toErrorReportRecord } from './error-report.mapper.js';
import { ERROR_REPORT_NOT_FOUND } from './logs.errors.js';
import { LogsService } from './logs.service.js';

/** Crash reports sent by browsers' error screens, newest first, searchable by id, message or page. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/error-reports')
export class AdminErrorReportsController {
  constructor(private readonly logs: LogsService) {}

  @Get()
  async list(
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ErrorReportRecord<Date>[]> {
    const list = parseListQuery(query, {
      sortable: ['created_at', 'reported_at', 'error_id', 'message', 'environment'],
      defaultSort: ['created_at', 'DESC'],
      filters: ['q', 'environment'],
    });
    const rows = await sendList(
      reply,
      'error-reports',
      this.logs.filteredReports(list.filter),
      list,
    );
    return rows.map(toErrorReportRecord);
  }

  @Get(':id')
  get(@IdParam(ERROR_REPORT_NOT_FOUND) id: string): Promise<ErrorReportRecord<Date>> {
    return this.logs.findReport(id);
  }
}
