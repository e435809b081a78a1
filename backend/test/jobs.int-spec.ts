import pg from 'pg';
import { JobsService } from '../src/jobs/jobs.service.js';
import { watchJobFetches } from './support/job-fetches.js';
import { startTestApp, testDatabaseUrl, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';

/** What a job's policy is made of: every column but its id, data and timestamps. */
const POLICY = `name, priority, state, retry_limit, retry_count, retry_delay, retry_backoff, expire_in,
                keep_until - start_after AS kept_for, start_after - created_on AS delayed_by,
                singleton_key, singleton_on, dead_letter, policy`;

describe('jobs sent in SQL', () => {
  let t: TestApp;
  let jobs: JobsService;

  beforeAll(async () => {
    t = await startTestApp();
    jobs = t.app.get(JobsService);
  });
  afterAll(() => t.close());

  it.each([
    ['no options', 'sql-jobs-plain', {}],
    [
      'retries with backoff and a retention',
      'sql-jobs-backoff',
      { retryLimit: 8, retryDelay: 3, retryBackoff: true, retentionMinutes: 90 },
    ],
    ['retries without backoff', 'sql-jobs-fixed', { retryLimit: 4, retryDelay: 7 }],
  ])('take a queue with %s as send() gives it', async (_name, queue, options) => {
    await jobs.createQueue(queue, options);
    const sent = await jobs.send(queue, { n: 1 });
    const inserted = (await t.dataSource.query(
      `WITH source AS (SELECT 2 AS n)
       ${jobs.sendEachSql(queue, 'source', `jsonb_build_object('n', source.n)`)} RETURNING id, data`,
    )) as { id: string; data: unknown }[];
    expect(inserted).toEqual([{ id: expect.any(String), data: { n: 2 } }]);

    const policyOf = async (id: string | null) => {
      const [row] = (await t.dataSource.query(`SELECT ${POLICY} FROM pgboss.job WHERE id = $1`, [
        id,
      ])) as Record<string, unknown>[];
      return row;
    };
    const expected = await policyOf(sent);
    expect(expected).toMatchObject({ name: queue, state: 'created' });
    expect(await policyOf(inserted[0].id)).toEqual(expected);
  });

  it('sends nothing for no rows', async () => {
    await jobs.createQueue('sql-jobs-none');
    await t.dataSource.query(
      `WITH source AS (SELECT 1 AS n WHERE false)
       ${jobs.sendEachSql('sql-jobs-none', 'source', `jsonb_build_object('n', source.n)`)}`,
    );
    expect(await jobs.queueSize('sql-jobs-none')).toBe(0);
  });
});

/** With a polling interval far longer than the test, only the worker's own moves can work jobs. */
describe('a queue worker', () => {
  let t: TestApp;
  let jobs: JobsService;

  beforeAll(async () => {
    t = await startTestApp({ env: { JOBS_POLL_INTERVAL_SECONDS: '600' } });
    jobs = t.app.get(JobsService);
  });
  afterAll(() => t.close());

  it('works through a backlog of several batches without waiting the polling interval', async () => {
    await jobs.createQueue('worker-backlog');
    const sent = Array.from({ length: 65 }, (_, n) => n);
    for (const n of sent) await jobs.send('worker-backlog', { n });
    const worked: number[] = [];
    await jobs.work<{ n: number }>('worker-backlog', async (job) => {
      worked.push(job.data.n);
    });
    await waitFor(async () => (worked.length === sent.length ? true : undefined));
    expect([...worked].sort((a, b) => a - b)).toEqual(sent);
  });

  it('works a job at once when woken, and not before its poll otherwise', async () => {
    await jobs.createQueue('worker-wake');
    const worked: string[] = [];
    const fetches = watchJobFetches();
    try {
      await jobs.work<{ name: string }>('worker-wake', async (job) => {
        worked.push(job.data.name);
      });
      // The worker's first fetch found nothing; it now waits the polling interval.
      await fetches.answered('worker-wake');
      await jobs.send('worker-wake', { name: 'unannounced' });
      await jobs.send('worker-wake', { name: 'announced' });
      jobs.wake('worker-wake');
      await waitFor(async () => (worked.length === 2 ? true : undefined));
      // Woken, the worker fetched both at once: the first sent had waited, not been fetched alone.
      expect(fetches.count('worker-wake')).toBe(2);
      expect(worked.sort()).toEqual(['announced', 'unannounced']);
    } finally {
      fetches.stop();
    }
  });
});

/**
 * pg-boss's pool holds four connections and the application runs more workers than that, so a
 * worker's fetch can be waiting for a connection when the application stops.
 */
describe('an application stopping while its workers fetch', () => {
  let t: TestApp;
  let jobs: JobsService;
  let locker: pg.Client;
  let closed: Promise<void> | undefined;

  /** The job queue's connections to the test database, those waiting for a lock if asked. */
  const jobConnections = async (waitingForLock = false): Promise<number> => {
    const { rows } = await locker.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'leadpulse-jobs'
          AND ($1::boolean IS FALSE OR wait_event_type = 'Lock')`,
      [waitingForLock],
    );
    return rows[0].count;
  };

  beforeAll(async () => {
    t = await startTestApp({ env: { JOBS_POLL_INTERVAL_SECONDS: '600' } });
    jobs = t.app.get(JobsService);
    locker = new pg.Client({ connectionString: testDatabaseUrl() });
    await locker.connect();
  });
  afterAll(async () => {
    // Its transaction, if a failed test left one open, ends with it.
    await locker.end();
    await (closed ?? t.close());
  });

  // The embedded database serves one connection at a time: nothing there waits for a lock.
  const onServer = process.env.TEST_DATABASE_KIND === 'server';
  (onServer ? it : it.skip)('works what each fetch under way brings, then closes', async () => {
    const queues = ['stop-a', 'stop-b', 'stop-c', 'stop-d', 'stop-e', 'stop-last'];
    for (const queue of queues) await jobs.createQueue(queue);
    const id = await jobs.send('stop-last', { n: 1 });
    // With the job table locked, every fetch waits: those with a connection for the lock, the
    // others for a connection.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE pgboss.job IN ACCESS EXCLUSIVE MODE');
    // Each handler holds its batch until the test lets it go, then uses the application's own
    // database, which must still be open: the stop waits for the batch.
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const working: string[] = [];
    const worked: string[] = [];
    for (const queue of queues) {
      await jobs.work(queue, async () => {
        working.push(queue);
        await held;
        await t.dataSource.query('SELECT 1');
        worked.push(queue);
      });
    }
    await waitFor(async () => ((await jobConnections(true)) > 0 ? true : undefined));

    // The lock is let go only once the application has asked pg-boss to stop its workers.
    const boss = (jobs as unknown as { boss: { stop(options?: object): Promise<void> } }).boss;
    const stop = boss.stop.bind(boss);
    let stopping!: () => void;
    const asked = new Promise<void>((resolve) => (stopping = resolve));
    boss.stop = (options) => {
      const stopped = stop(options);
      stopping();
      return stopped;
    };
    closed = t.close();
    await asked;
    await locker.query('COMMIT');
    // The fetch under way brings its job, and the handler starts on it while the stop waits.
    await waitFor(async () => (working.length > 0 ? true : undefined), 15_000, 'the job worked');
    letGo();
    await closed;

    expect(worked).toEqual(['stop-last']);
    const { rows } = await locker.query(`SELECT state FROM pgboss.job WHERE id = $1`, [id]);
    expect(rows).toEqual([{ state: 'completed' }]);
    await waitFor(async () => ((await jobConnections()) === 0 ? true : undefined));
  });
});
