import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  HealthCheckService,
  TypeOrmHealthIndicator,
  type HealthCheckResult,
  type HealthIndicatorFunction,
} from '@nestjs/terminus';
import { overallHealth, type HealthStatus, type OverallHealthStatus } from '@leadpulse/common';
import { AppConfig } from '../config/app-config.js';
import { MailHealthService } from '../mail/mail-health.service.js';
import { OperationsHealthService } from './operations-health.service.js';

export interface HealthCheckView {
  status: HealthStatus;
  [detail: string]: unknown;
}

export interface HealthReport {
  status: OverallHealthStatus;
  checks: Record<string, HealthCheckView>;
  version: string;
  uptime_seconds: number;
  timestamp: string;
}

const INDICATOR_STATUS: Record<string, HealthStatus> = {
  up: 'healthy',
  degraded: 'degraded',
  down: 'unhealthy',
};

const DATABASE_PING_TIMEOUT_MS = 2_000;

@Injectable()
export class HealthService {
  private readonly startedAt = Date.now();

  constructor(
    private readonly health: HealthCheckService,
    private readonly typeOrm: TypeOrmHealthIndicator,
    private readonly config: AppConfig,
    private readonly mail: MailHealthService,
    private readonly operations: OperationsHealthService,
  ) {}

  /** The configured Stripe (or the local sandbox) answers. */
  stripe(): Promise<HealthReport> {
    return this.run([() => this.operations.stripeCheck()]);
  }

  /** A single `SELECT 1`: the cheap readiness probe for load balancers. */
  database(): Promise<HealthReport> {
    return this.run([
      () => this.typeOrm.pingCheck('database').withTimeout(DATABASE_PING_TIMEOUT_MS),
    ]);
  }

  /** The e-mail provider and the outbox backlog. */
  email(): Promise<HealthReport> {
    return this.run([() => this.mail.check()]);
  }

  /** Every part's check; the overall status follows the spec's rule. */
  overall(): Promise<HealthReport> {
    return this.run([
      () => this.typeOrm.pingCheck('database').withTimeout(DATABASE_PING_TIMEOUT_MS),
      () => this.mail.check(),
      () => this.operations.stripeCheck(),
      () => this.operations.jobsCheck(),
      () => this.operations.webhooksCheck(),
    ]);
  }

  private async run(indicators: HealthIndicatorFunction[]): Promise<HealthReport> {
    let result: HealthCheckResult;
    try {
      result = await this.health.check(indicators);
    } catch (error) {
      // Terminus throws a 503 carrying the full result when an indicator is down.
      if (!(error instanceof ServiceUnavailableException)) throw error;
      result = error.getResponse() as HealthCheckResult;
    }
    const checks: Record<string, HealthCheckView> = {};
    for (const [key, { status, ...details }] of Object.entries(result.details)) {
      checks[key] = { status: INDICATOR_STATUS[status] ?? 'unhealthy', ...details };
    }
    return {
      status: overallHealth(Object.values(checks).map((check) => check.status)),
      checks,
      version: this.config.version,
      uptime_seconds: Math.round((Date.now() - this.startedAt) / 1000),
      timestamp: new Date().toISOString(),
    };
  }
}
