import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import type Stripe from 'stripe';
import type { HealthCheckView } from '@leadpulse/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { poolOf } from '../database/prepared-read.js';
import { JobsService } from '../jobs/jobs.service.js';
import { STRIPE } from '../stripe/stripe.client.js';

/** Work waiting longer than this means the product is behind. */
export const BACKLOG_DEGRADED_SECONDS = 15 * 60;
const STRIPE_TIMEOUT_MS = 3_000;
const DATABASE_TIMEOUT_MS = 2_000;

/** Stripe's reachability, the job queue and the webhook backlog. */
@Injectable()
export class OperationsHealthService {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  /**
   * The database answers `SELECT 1` within two seconds: the readiness probe's only check, the
   * most frequent request of all, so it is built without a Terminus session, and with one
   * promise and one timer per probe (the pool's callback form makes no promises of its own).
   */
  pingDatabase(): Promise<HealthCheckView> {
    const started = Date.now();
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => resolve({ status: 'unhealthy', message: 'The database did not answer in time' }),
        DATABASE_TIMEOUT_MS,
      );
      // Straight on TypeORM's pool: a query runner per probe was a tenth of its time.
      poolOf(this.dataSource).query('SELECT 1', (error: Error | undefined) => {
        clearTimeout(timer);
        resolve(
          error
            ? { status: 'unhealthy', message: error.message }
            : { status: 'healthy', responseTime: Date.now() - started },
        );
      });
    });
  }

  /** The same ping, as one of the overall checks. */
  async databaseCheck(): Promise<HealthIndicatorResult<'database'>> {
    const { status, ...details } = await this.pingDatabase();
    const indicator = this.indicators.check('database');
    return status === 'healthy' ? indicator.up(details) : indicator.down(details);
  }

  /** The configured Stripe (or the local sandbox) answers an authenticated read. */
  async stripeCheck(): Promise<HealthIndicatorResult<'stripe'>> {
    const indicator = this.indicators.check('stripe');
    const started = Date.now();
    try {
      await Promise.race([
        this.stripe.prices.retrieve(this.config.stripe.prices.founding_member, undefined, {
          maxNetworkRetries: 0,
          timeout: STRIPE_TIMEOUT_MS,
        }),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('Stripe did not answer in time')), STRIPE_TIMEOUT_MS),
        ),
      ]);
      return indicator.up({ responseTime: Date.now() - started, api: this.config.stripe.apiUrl });
    } catch (error) {
      return indicator.degraded({
        responseTime: Date.now() - started,
        api: this.config.stripe.apiUrl,
        message: (error as Error).message,
      });
    }
  }

  /** Jobs waiting to run and jobs that failed in the last day; degraded when work waits too long. */
  async jobsCheck(): Promise<HealthIndicatorResult<'jobs'>> {
    const indicator = this.indicators.check('jobs');
    try {
      const row = await this.jobs.stats();
      return (row.oldest_waiting_seconds ?? 0) > BACKLOG_DEGRADED_SECONDS
        ? indicator.degraded(row)
        : indicator.up(row);
    } catch (error) {
      return indicator.degraded({ message: (error as Error).message });
    }
  }

  /** Stripe events stored but not processed yet; degraded when the oldest waited too long. */
  async webhooksCheck(): Promise<HealthIndicatorResult<'webhooks'>> {
    const indicator = this.indicators.check('webhooks');
    try {
      const [row] = (await this.dataSource.query(
        `SELECT count(*)::int AS unprocessed,
                extract(epoch FROM now() - min(created_at))::int AS oldest_unprocessed_seconds
           FROM stripe_events WHERE NOT processed`,
      )) as { unprocessed: number; oldest_unprocessed_seconds: number | null }[];
      return (row.oldest_unprocessed_seconds ?? 0) > BACKLOG_DEGRADED_SECONDS
        ? indicator.degraded(row)
        : indicator.up(row);
    } catch (error) {
      return indicator.degraded({ message: (error as Error).message });
    }
  }
}
