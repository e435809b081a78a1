import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { DataSource } from 'typeorm';
import { MailDeliveryService } from './mail-delivery.service.js';

/** An outbox whose oldest queued e-mail waited longer than this is behind. */
export const MAIL_BACKLOG_DEGRADED_SECONDS = 15 * 60;

@Injectable()
export class MailHealthService {
  constructor(
    private readonly indicators: HealthIndicatorService,
    private readonly delivery: MailDeliveryService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Which provider sends, and the outbox backlog; degraded when e-mail is behind. */
  async check(): Promise<HealthIndicatorResult<'email'>> {
    const indicator = this.indicators.check('email');
    try {
      const [row] = (await this.dataSource.query(
        `SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued,
                count(*) FILTER (WHERE status = 'failed')::int AS failed,
                extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'queued'))::int AS oldest_queued_seconds
         FROM emails WHERE status IN ('queued', 'failed')`,
      )) as { queued: number; failed: number; oldest_queued_seconds: number | null }[];
      const details = { provider: this.delivery.provider, ...row };
      return (row.oldest_queued_seconds ?? 0) > MAIL_BACKLOG_DEGRADED_SECONDS
        ? indicator.degraded(details)
        : indicator.up(details);
    } catch (error) {
      return indicator.degraded({
        provider: this.delivery.provider,
        message: (error as Error).message,
      });
    }
  }
}
