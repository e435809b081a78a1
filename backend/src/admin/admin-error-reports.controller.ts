import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { AdminGuard } from './admin-access.js';
import { AppException } from '../common/app.exception.js';
import { isUuid } from '../common/ids.js';
import { ErrorReportEntity } from '../logs/error-report.entity.js';
import { containsPattern, idsFilter, parseListQuery, sendList } from '../common/list-query.js';

const notFound = () => new AppException('not_found', 404, 'Error report not found.');

/** Crash reports sent by browsers' error screens, newest first, searchable by id, message or page. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('admin/error-reports')
export class AdminErrorReportsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  async list(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ErrorReportEntity[]> {
    const list = parseListQuery(query, {
      sortable: ['created_at', 'reported_at', 'error_id', 'message', 'environment'],
      defaultSort: ['created_at', 'DESC'],
    });
    const builder = this.dataSource.getRepository(ErrorReportEntity).createQueryBuilder('r');
    const ids = idsFilter(list.filter.id);
    if (ids) builder.andWhere('r.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    if (typeof list.filter.q === 'string' && list.filter.q.trim())
      builder.andWhere('(r.error_id ILIKE :q OR r.message ILIKE :q OR r.url ILIKE :q)', {
        q: containsPattern(list.filter.q.trim()),
      });
    if (typeof list.filter.environment === 'string')
      builder.andWhere('r.environment = :environment', { environment: list.filter.environment });
    return sendList(reply, 'error-reports', builder, list);
  }

  @Get(':id')
  async get(@Param('id') id: string): Promise<ErrorReportEntity> {
    if (!isUuid(id)) throw notFound();
    const report = await this.dataSource.getRepository(ErrorReportEntity).findOneBy({ id });
    if (!report) throw notFound();
    return report;
  }
}
