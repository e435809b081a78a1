import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { DATABASE_URL } from '../database/database.module.js';
import { withSchemaLock } from '../database/run-migrations.js';
import { JobsDb } from './jobs-db.js';

export type Job<T> = PgBoss.JobWithMetadata<T>;

const JOB_BATCH_SIZE = 20;
/** pg-boss's schema: its tables are named only in this file. */
const SCHEMA = 'pgboss';

/** The queue's state for health checks and metrics (a type, so it fits a health indicator's details). */
export type JobStats = {
  /** Jobs created or waiting for a retry. */
  waiting: number;
  failed_last_day: number;
  /** How long the oldest job due to run has waited; null when none is due. */
  oldest_waiting_seconds: number | null;
};

/** pg-boss's connection for a job sent inside a transaction: the transaction's own connection. */
function transactionDb(manager: EntityManager): PgBoss.Db {
  const runner = manager.queryRunner;
  if (!runner) throw new Error('Jobs sent in a transaction need the transaction’s EntityManager');
  return {
    executeSql: async (text, values) => ({
      rows: (await runner.query(text, values, true)).records,
    }),
  };
}

/**
 * Removes the jobs (waiting, done or archived) whose data or output mentions one of `texts`, in
 * the caller's transaction: an erased member's address must not outlive them in a job's data
 * (a password reset asked for, say). A job already running finishes; it is not recorded again.
 */
export async function forgetJobsMentioning(manager: EntityManager, texts: string[]): Promise<void> {
  for (const table of ['job', 'archive'])
    await manager.query(
      `DELETE FROM ${SCHEMA}.${table}
        WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS t(text)
                       WHERE strpos(lower(data::text), lower(t.text)) > 0
                          OR strpos(lower(COALESCE(output::text, '')), lower(t.text)) > 0)`,
      [texts],
    );
}

/** JobsService.sendEachSql, for code that writes in SQL without the service at hand. */
export function sendEachSql(queue: string, rows: string, data: string): string {
  return `INSERT INTO ${SCHEMA}.job (name, data, expire_in, keep_until, retry_limit, retry_delay,
                              retry_backoff, policy, dead_letter)
    SELECT q.name, ${data},
           COALESCE(q.expire_seconds * interval '1s', interval '15 minutes'),
           now() + CAST(COALESCE((q.retention_minutes * 60)::text, '14 days') AS interval),
           COALESCE(q.retry_limit, 2),
           CASE WHEN q.retry_backoff THEN GREATEST(q.retry_delay, 1) ELSE COALESCE(q.retry_delay, 0) END,
           COALESCE(q.retry_backoff, false),
           q.policy, q.dead_letter
      FROM ${rows} JOIN ${SCHEMA}.queue q ON q.name = ${pg.escapeLiteral(queue)}
    ON CONFLICT DO NOTHING`;
}

/**
 * Background jobs on pg-boss, in PostgreSQL itself: safe with several instances, and a job sent
 * in a transaction exists only if the transaction commits.
 */
/**
 * Creates or upgrades pg-boss's schema, working no queue, under the schema lock: for a tool (the
 * demo seed) whose writes send jobs in their statements before any instance has started.
 */
export async function prepareJobSchema(dataSource: DataSource, databaseUrl: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: SCHEMA,
    max: 1,
    supervise: false,
    schedule: false,
  });
  await withSchemaLock(dataSource, () => boss.start());
  await boss.stop({ graceful: false, wait: true });
}

@Injectable()
export class JobsService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(JobsService.name);
  private readonly db: JobsDb;
  private readonly boss: PgBoss;
  private readonly started: Promise<unknown>;
  private resolveStarted!: () => void;

  constructor(
    @Inject(DATABASE_URL) databaseUrl: string,
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    const onError = (error: Error) => this.logger.error({ err: error }, 'Job queue error');
    this.db = new JobsDb(
      { connectionString: databaseUrl, max: 4, application_name: 'leadpulse-jobs' },
      onError,
    );
    this.boss = new PgBoss({
      db: this.db,
      schema: SCHEMA,
      maintenanceIntervalSeconds: config.jobsMaintenanceIntervalSeconds,
    });
    this.boss.on('error', onError);
    this.started = new Promise<void>((resolve) => (this.resolveStarted = resolve));
  }

  /** The queue declarations so far, in turn (see createQueue). */
  private creating: Promise<unknown> = Promise.resolve();

  async onModuleInit(): Promise<void> {
    // pg-boss creates or upgrades its schema and its own queues here: one process at a time.
    await withSchemaLock(this.dataSource, () => this.boss.start());
    this.resolveStarted();
  }

  /**
   * Declares a queue with its retry policy; idempotent. A job whose worker died with it (a
   * crash, a kill -9) is retried once it expires, after `jobsExpireSeconds`.
   */
  async createQueue(name: string, options: Omit<PgBoss.Queue, 'name'> = {}): Promise<void> {
    await this.started;
    const queue = { name, expireInSeconds: this.config.jobsExpireSeconds, ...options };
    // One at a time, in this process and across processes: pg-boss creating two queues at once
    // (two services starting together, or two instances) deadlocks on its own tables.
    const created = this.creating.then(() =>
      withSchemaLock(this.dataSource, async () => {
        if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, queue);
        else await this.boss.createQueue(name, queue);
      }),
    );
    this.creating = created.catch(() => undefined);
    await created;
  }

  /** Sends a job to the queue on a cron schedule (UTC); one schedule per queue, kept on restart. */
  async schedule(name: string, cron: string): Promise<void> {
    await this.started;
    await this.boss.schedule(name, cron, {}, { tz: 'UTC' });
  }

  /** Sends a job; with a manager, as part of that manager's transaction. */
  async send<T extends object>(
    name: string,
    data: T,
    options: { manager?: EntityManager } & PgBoss.SendOptions = {},
  ): Promise<string | null> {
    const { manager, ...sendOptions } = options;
    return this.boss.send(
      name,
      data,
      manager ? { ...sendOptions, db: transactionDb(manager) } : sendOptions,
    );
  }

  /**
   * SQL that sends a job to `queue` for each row of `rows`, a CTE of the same statement, with the
   * JSON expression `data` over that row as the job's data: a write and its job in one statement,
   * atomic without a transaction and one round trip to the database. Each job takes its queue's
   * policy as send() without options gives it (pg-boss 10's insert; jobs.int-spec holds the two
   * to the same row).
   */
  sendEachSql(queue: string, rows: string, data: string): string {
    return sendEachSql(queue, rows, data);
  }

  /** This process's worker of each queue it works. */
  private readonly workers = new Map<string, string>();
  /** The batches being worked now: the shutdown waits for them. */
  private readonly working = new Set<Promise<void>>();

  /**
   * Runs `handler` for each job of the queue. Jobs are fetched in batches; a worker waits the
   * polling interval between fetches unless its last batch was full (more are waiting: it fetches
   * again at once, so a burst is worked through without a pause every batch) or `wake` calls it.
   * A job whose handler throws is failed alone and retried by its queue's policy.
   */
  async work<T>(name: string, handler: (job: Job<T>) => Promise<void>): Promise<void> {
    await this.started;
    const worker = await this.boss.work<T>(
      name,
      {
        includeMetadata: true,
        batchSize: JOB_BATCH_SIZE,
        pollingIntervalSeconds: this.config.jobsPollIntervalSeconds,
      },
      (jobs) => this.track(this.workBatch(name, jobs, handler)),
    );
    this.workers.set(name, worker);
  }

  private async track(batch: Promise<void>): Promise<void> {
    this.working.add(batch);
    try {
      await batch;
    } finally {
      this.working.delete(batch);
    }
  }

  private async workBatch<T>(
    name: string,
    jobs: Job<T>[],
    handler: (job: Job<T>) => Promise<void>,
  ): Promise<void> {
    for (const job of jobs) {
      try {
        await handler(job);
      } catch (error) {
        // With the database gone the job cannot even be marked failed: it is retried once
        // it expires instead.
        await this.boss
          .fail(name, job.id, { message: (error as Error).message ?? String(error) })
          .catch((failure: Error) =>
            this.logger.warn(`Could not record the failure of job ${job.id}: ${failure.message}`),
          );
      }
    }
    if (jobs.length === JOB_BATCH_SIZE) this.wake(name);
  }

  /**
   * Has this process's worker of the queue fetch now rather than at its next poll (after the
   * batch it is working, if any): for a job that should not wait, sent by this process.
   */
  wake(name: string): void {
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
  }

  /**
   * Waiting and failed jobs. pg-boss's own tables are read here only, so an upgrade that changes
   * them changes one query. Read through the application's pool, as the other health checks are.
   */
  async stats(): Promise<JobStats> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
              count(*) FILTER (WHERE state = 'failed' AND completed_on > now() - interval '1 day')::int AS failed_last_day,
              extract(epoch FROM now() - min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after < now()))::int AS oldest_waiting_seconds
         FROM ${SCHEMA}.job`,
    )) as JobStats[];
    return row;
  }

  /** Counts by state, for health checks. */
  async queueSize(name: string): Promise<number> {
    return this.boss.getQueueSize(name);
  }

  async beforeApplicationShutdown(): Promise<void> {
    // Half the stop's time at most: a job waiting on a slow provider must not keep the process
    // past SHUTDOWN_TIMEOUT_MS. One still running then is failed by pg-boss and retried.
    const budget = this.config.shutdownTimeoutMs / 2;
    const deadline = Date.now() + budget;
    // Stops the workers' polls and lets the batches being worked finish.
    await this.boss.stop({ graceful: true, wait: true, timeout: budget });
    // A worker still finishes the fetch it had under way, one waiting for a connection included,
    // and works what it brought. All of that ends here, completions recorded, before the
    // connections close: no worker outlives the application.
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) {
        this.logger.warn(
          `Stopping with ${this.working.size} job batch(es) unfinished; their jobs are retried`,
        );
        // The pool ends once what is under way releases its connection; the process does not wait.
        void this.db.close().catch(() => undefined);
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.working, ...this.db.underWay]),
        new Promise((resolve) => (timer = setTimeout(resolve, left))),
      ]);
      clearTimeout(timer);
      // What an answer sets off (a fetch's batch, a batch's completion) starts in the promise
      // jobs that follow it, all of which have run once this turn of the event loop is over.
      await new Promise(setImmediate);
      if (this.working.size === 0 && this.db.underWay.length === 0) break;
    }
    await this.db.close();
  }
}
