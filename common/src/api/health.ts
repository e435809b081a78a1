import type { HealthStatus, OverallHealthStatus } from '../health.js';

/** One sample of a server's own figures (GET /api/admin/health), over the interval before `at`. */
export interface HealthSample {
  at: string;
  heap_used_mb: number;
  rss_mb: number;
  cpu_percent: number;
  event_loop_lag_p99_ms: number;
  requests: number;
  server_errors: number;
  avg_response_ms: number | null;
  /** A `SELECT 1`'s round trip, or null when the database did not answer. */
  db_response_ms: number | null;
}

/** A check's status with the figures it reports (response time, backlog, message). */
export interface HealthCheckView {
  status: HealthStatus;
  responseTime?: number;
  message?: string;
  [detail: string]: unknown;
}

/** GET /api/admin/health: the System Health page. */
export interface AdminHealthReport {
  status: OverallHealthStatus;
  checks: Record<string, HealthCheckView>;
  version: string;
  uptime_seconds: number;
  timestamp: string;
  check_count: number;
  /** Client error reports and failed background jobs of the last 24 hours. */
  error_count: number;
  errors: { client_reports_24h: number; failed_jobs_24h: number };
  /** Oldest first; at most the last 100. */
  samples: HealthSample[];
  system: {
    /** Which instance answered: each instance reports its own samples and uptime. */
    instance: string;
    version: string;
    node_version: string;
    platform: string;
    database: 'PostgreSQL' | 'Embedded';
    database_version: string | null;
    environment: string;
    uptime_seconds: number;
    started_at: string;
  };
}

/** `GET /api/health` and each check's own address (`/api/health/database`, …). */
export type HealthReport = Pick<
  AdminHealthReport,
  'status' | 'checks' | 'version' | 'uptime_seconds' | 'timestamp'
>;
