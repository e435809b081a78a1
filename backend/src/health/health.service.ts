import { Injectable } from '@nestjs/common';
import { type HealthIndicatorResult } from '@nestjs/terminus';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  overallHealth,
  type AdminHealthReport,
  type HealthCheckView,
  type HealthStatus,
  type HealthReport,
} from '@leadpulse/common';
import { AppConfig } from '../config/app-config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MailHealthService } from '../mail/mail-health.service.js';
import { HealthSamplesService } from './health-samples.service.js';
import { OperationsHealthService } from './operations-health.service.js';

type Indicator = () => Promise<HealthIndicatorResult>;

const INDICATOR_STATUS: Record<string, HealthStatus> = {
  up: 'healthy',
  degraded: 'degraded',
  down: 'unhealthy',
};

@Injectable()
export class HealthService {
  private readonly startedAt = Date.now();

  constructor(
    private readonly config: AppConfig,
    private readonly samples: HealthSamplesService,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailHealthService,
    private readonly operations: OperationsHealthService,
    private readonly jobs: JobsService,
  ) {}

  /** The configured Stripe (or the local sandbox) answers. */
  stripe(): Promise<HealthReport> {
    return this.run([() => this.operations.stripeCheck()]);
  }

  /** A single `SELECT 1`: the cheap readiness probe for load balancers. */
  database(): Promise<HealthReport> {
    return this.operations.pingDatabase().then((database) => this.report({ database }));
  }

  /** The e-mail provider and the outbox backlog. */
  email(): Promise<HealthReport> {
    return this.run([() => this.mail.check()]);
  }

  /** Every part's check; the overall status follows the spec's rule. */
  overall(): Promise<HealthReport> {
    return this.run([
      () => this.operations.databaseCheck(),
      () => this.mail.check(),
      () => this.operations.stripeCheck(),
      () => this.operations.jobsCheck(),
      () => this.operations.webhooksCheck(),
    ]);
  }

  /** The System Health page's report: the overall checks, counts, samples and system facts. */
  async adminReport(): Promise<AdminHealthReport> {
    const [report, errors, databaseVersion] = await Promise.all([
      this.overall(),
      this.errorCounts(),
      this.databaseVersion(),
    ]);
    return {
      ...report,
      check_count: Object.keys(report.checks).length,
      error_count: errors.client_reports_24h + errors.failed_jobs_24h,
      errors,
      samples: this.samples.recent(),
      system: {
        instance: this.config.instanceId,
        version: this.config.version,
        node_version: process.version,
        platform: `${process.platform} ${process.arch}`,
        database: this.config.databaseUrl ? 'PostgreSQL' : 'Embedded',
        database_version: databaseVersion,
        environment: this.config.env,
        uptime_seconds: report.uptime_seconds,
        started_at: new Date(Date.now() - process.uptime() * 1000).toISOString(),
      },
    };
  }

  /** Zero for a count the database cannot give now (the database check says why). */
  private async errorCounts(): Promise<AdminHealthReport['errors']> {
    const count = async (sql: string) => {
      try {
        return Number(((await this.dataSource.query(sql)) as { value: number }[])[0].value);
      } catch {
        return 0;
      }
    };
    const [clientReports, failedJobs] = await Promise.all([
      count(
        `SELECT count(*)::int AS value FROM error_reports WHERE created_at > now() - interval '1 day'`,
      ),
      this.jobs.stats().then(
        (jobs) => jobs.failed_last_day,
        () => 0,
      ),
    ]);
    return { client_reports_24h: clientReports, failed_jobs_24h: failedJobs };
  }

  private async databaseVersion(): Promise<string | null> {
    try {
      const [row] = (await this.dataSource.query('SHOW server_version')) as {
        server_version: string;
      }[];
      return row.server_version;
    } catch {
      return null;
    }
  }

  /**
   * Runs the checks side by side. Terminus's indicator results are kept, without its
   * HealthCheckService: a check that throws is unhealthy here, and the probe stays cheap.
   */
  private async run(indicators: Indicator[]): Promise<HealthReport> {
    const results = await Promise.all(
      indicators.map((indicator, index) =>
        indicator().catch((error: Error): HealthIndicatorResult => ({
          [`check_${index}`]: { status: 'down', message: error.message },
        })),
      ),
    );
    const checks: Record<string, HealthCheckView> = {};
    for (const result of results)
      for (const [key, { status, ...details }] of Object.entries(result))
        checks[key] = { status: INDICATOR_STATUS[status] ?? 'unhealthy', ...details };
    return this.report(checks);
  }

  private report(checks: Record<string, HealthCheckView>): HealthReport {
    return {
      status: overallHealth(Object.values(checks).map((check) => check.status)),
      checks,
      version: this.config.version,
      uptime_seconds: Math.round((Date.now() - this.startedAt) / 1000),
      timestamp: new Date().toISOString(),
    };
  }
}
