import { Injectable, Logger } from '@nestjs/common';
import type { ErrorReportRecord } from '@leadpulse/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import {
  containsPattern,
  idsFilter,
  searchFilter,
  textFilter,
  type ListQuery,
} from '../common/list-query.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { CreateErrorReportDto } from './dto/create-error-report.dto.js';
import type { ClientLogLevel } from '@leadpulse/common';
import type { CreateLogEntryDto } from './dto/create-log-entry.dto.js';
import { ErrorReportEntity } from './error-report.entity.js';
import { toErrorReportRecord } from './error-report.mapper.js';
import { LOGS_ERRORS } from './logs.errors.js';

const WRITERS: Record<ClientLogLevel, 'debug' | 'log' | 'warn' | 'error' | 'fatal'> = {
  DEBUG: 'debug',
  INFO: 'log',
  WARN: 'warn',
  ERROR: 'error',
  FATAL: 'fatal',
};

/** What browsers report: log entries go to the server's log, error reports to `error_reports`. */
@Injectable()
export class LogsService {
  // Browsers write only data under this fixed context: never a context, a line or a level of theirs.
  private readonly logger = new Logger('BrowserLog');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rateLimits: RateLimitService,
  ) {}

  async record(entry: CreateLogEntryDto, ip: string): Promise<void> {
    await this.rateLimits.consume('clientLogs', ip);
    const { level, message, context, metadata, timestamp } = entry;
    this.logger[WRITERS[level]](
      { client: { level, message, context, metadata, timestamp } },
      'browser log entry',
    );
  }

  async report(report: CreateErrorReportDto, ip: string): Promise<void> {
    await this.rateLimits.consume('clientLogs', ip);
    await this.dataSource.getRepository(ErrorReportEntity).insert({
      error_id: report.errorId,
      message: report.message,
      stack: report.stack ?? null,
      component_stack: report.componentStack ?? null,
      url: report.url ?? null,
      user_agent: report.userAgent ?? null,
      environment: report.environment ?? null,
      reported_at: report.timestamp ? new Date(report.timestamp) : null,
    });
    this.logger.error(
      { client: { error_id: report.errorId, message: report.message, url: report.url } },
      'browser error report',
    );
  }

  /** Error reports matching a list filter: `id`, `q` (error id, message or page), `environment`. */
  filteredReports(filter: ListQuery['filter']): SelectQueryBuilder<ErrorReportEntity> {
    const builder = this.dataSource.getRepository(ErrorReportEntity).createQueryBuilder('r');
    const ids = idsFilter(filter.id);
    if (ids) builder.andWhere('r.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    const q = searchFilter(filter);
    if (q)
      builder.andWhere('(r.error_id ILIKE :q OR r.message ILIKE :q OR r.url ILIKE :q)', {
        q: containsPattern(q),
      });
    const environment = textFilter(filter, 'environment');
    if (environment !== undefined)
      builder.andWhere('r.environment = :environment', { environment });
    return builder;
  }

  async findReport(id: string): Promise<ErrorReportRecord<Date>> {
    const report = await this.dataSource.getRepository(ErrorReportEntity).findOneBy({ id });
    if (!report) throw LOGS_ERRORS.reportNotFound();
    return toErrorReportRecord(report);
  }
}
