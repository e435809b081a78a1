import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { RequestMetrics } from './request-metrics.js';

/**
 * The product's Prometheus metrics: process defaults (event-loop lag, memory, CPU), HTTP requests
 * by route and status, and business gauges read from the database when scraped. One registry per
 * application instance, each series labelled with its `instance_id`.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly requests: RequestMetrics;
  private readonly running = { requests: 0, serverErrors: 0, seconds: 0 };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    jobs: JobsService,
    config: AppConfig,
  ) {
    // Every series says which instance it describes (Prometheus's own `instance` label is the
    // address it scraped, which behind a load balancer may be any of them).
    this.registry.setDefaultLabels({ instance_id: config.instanceId });
    collectDefaultMetrics({ register: this.registry, prefix: 'leadpulse_' });
    this.requests = new RequestMetrics(this.registry);
    const gauge = (name: string, help: string, read: () => Promise<number>) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        async collect() {
          this.set(await read().catch(() => Number.NaN));
        },
      });
    const count = async (sql: string) =>
      Number(
        ((await this.dataSource.query(sql)) as { value: number | string | null }[])[0]?.value ?? 0,
      );
    gauge('leadpulse_db_pool_total', 'Database connections open', async () =>
      count(
        `SELECT count(*)::int AS value FROM pg_stat_activity WHERE datname = current_database()`,
      ),
    );
    gauge('leadpulse_job_queue_waiting', 'Jobs waiting to run', () =>
      jobs.stats().then((stats) => stats.waiting),
    );
    gauge('leadpulse_outbox_queued', 'E-mails queued and not sent yet', () =>
      count(`SELECT count(*)::int AS value FROM emails WHERE status = 'queued'`),
    );
    gauge('leadpulse_webhook_lag_seconds', 'Age of the oldest unprocessed Stripe event', () =>
      count(
        `SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::int AS value FROM stripe_events WHERE NOT processed`,
      ),
    );
    gauge('leadpulse_founding_spots_taken', 'Founding spots paid or held by a live checkout', () =>
      count(
        `SELECT count(*)::int AS value FROM founding_reservations WHERE status = 'paid' OR (status = 'pending' AND expires_at > now())`,
      ),
    );
    gauge('leadpulse_active_subscriptions', 'Subscriptions active at Stripe', () =>
      count(`SELECT count(*)::int AS value FROM subscriptions WHERE status = 'active'`),
    );
  }

  /** Counts one answered request (the route pattern, not the URL, keeps the labels few). */
  observe(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe(method, route, status, seconds);
    this.running.requests += 1;
    this.running.seconds += seconds;
    if (status >= 500) this.running.serverErrors += 1;
  }

  /** Running totals since start, for the Health page's samples (cheaper than reading the registry). */
  totals(): { requests: number; serverErrors: number; seconds: number } {
    return { ...this.running };
  }
}
