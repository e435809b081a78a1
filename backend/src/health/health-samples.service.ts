import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { HealthSample } from '@leadpulse/common';
import { AppConfig } from '../config/app-config.js';
import { MetricsService } from '../metrics/metrics.service.js';

/** The spec keeps the last 100 samples (the page shows the last 10 and charts them all). */
export type { HealthSample };

export const SAMPLES_KEPT = 100;
const FIRST_SAMPLE_AFTER_MS = 5_000;

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const megabytes = (bytes: number) => round(bytes / 1024 / 1024);

/**
 * Samples this process every HEALTH_SAMPLE_INTERVAL_SECONDS and keeps the last 100 in memory.
 * Each instance samples itself; the figures are the process's own, like its uptime.
 */
@Injectable()
export class HealthSamplesService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(HealthSamplesService.name);
  private readonly samples: HealthSample[] = [];
  private readonly lag: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  private timers: NodeJS.Timeout[] = [];
  private last!: {
    at: bigint;
    cpu: NodeJS.CpuUsage;
    requests: ReturnType<MetricsService['totals']>;
  };

  constructor(
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.lag.enable();
    this.last = {
      at: process.hrtime.bigint(),
      cpu: process.cpuUsage(),
      requests: this.metrics.totals(),
    };
    const take = () =>
      void this.sample().catch((error) => this.logger.warn(`Sampling failed: ${error}`));
    const interval = this.config.healthSampleIntervalSeconds * 1000;
    // A first reading soon after start, so the page has figures before the first full interval.
    this.timers = [
      setTimeout(take, Math.min(interval, FIRST_SAMPLE_AFTER_MS)),
      setInterval(take, interval),
    ];
    for (const timer of this.timers) timer.unref();
  }

  onModuleDestroy(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.lag.disable();
  }

  /** Oldest first. */
  recent(): HealthSample[] {
    return [...this.samples];
  }

  /** Takes one sample now (also run by the timer). */
  async sample(): Promise<HealthSample> {
    // The ping first: everything after it runs without yielding, so samples taken at once (the
    // timer's and a caller's) are kept in the order of their times.
    const dbResponseMs = await this.pingDatabase();
    const now = process.hrtime.bigint();
    const elapsedMicros = Number(now - this.last.at) / 1000;
    const cpu = process.cpuUsage(this.last.cpu);
    const totals = this.metrics.totals();
    const requests = totals.requests - this.last.requests.requests;
    const seconds = totals.seconds - this.last.requests.seconds;
    const memory = process.memoryUsage();
    const sample: HealthSample = {
      at: new Date().toISOString(),
      heap_used_mb: megabytes(memory.heapUsed),
      rss_mb: megabytes(memory.rss),
      cpu_percent: round(((cpu.user + cpu.system) / Math.max(elapsedMicros, 1)) * 100),
      event_loop_lag_p99_ms: round(this.lag.percentile(99) / 1e6, 2),
      requests,
      server_errors: totals.serverErrors - this.last.requests.serverErrors,
      avg_response_ms: requests > 0 ? round((seconds / requests) * 1000, 2) : null,
      db_response_ms: dbResponseMs,
    };
    this.lag.reset();
    this.last = { at: now, cpu: process.cpuUsage(), requests: totals };
    this.samples.push(sample);
    if (this.samples.length > SAMPLES_KEPT)
      this.samples.splice(0, this.samples.length - SAMPLES_KEPT);
    return sample;
  }

  private async pingDatabase(): Promise<number | null> {
    const started = process.hrtime.bigint();
    try {
      await this.dataSource.query('SELECT 1');
      return round(Number(process.hrtime.bigint() - started) / 1e6, 2);
    } catch {
      return null;
    }
  }
}
