import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { StripeSandbox } from '@leadpulse/stripe-sandbox';
import { testDatabaseUrl } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';
import { BackendProcess, startSandbox } from './support/backend-process.js';
import { ChangeLog } from './support/change-log.js';
import { deliverEvent } from './support/stripe-events.js';

const EVENTS = 500;
/** Delivers events as Stripe does: 20 at a time; which ones were acknowledged with a 2xx. */
async function deliver(url: string, ids: string[]): Promise<Set<string>> {
  const acknowledged = new Set<string>();
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      const response = await deliverEvent(url, id).catch(() => undefined);
      if (response?.ok) acknowledged.add(id);
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  return acknowledged;
}

/**
 * `kill -9` of the backend while it takes in and processes 500 signed events; once started
 * again, and after Stripe's redeliveries, every event has been processed exactly once.
 */
describe('a crash during webhook processing', () => {
  let sandbox: StripeSandbox;
  let backend: BackendProcess;
  let database: DataSource;
  let changes: ChangeLog;

  beforeAll(async () => {
    sandbox = await startSandbox();
    backend = await BackendProcess.start({
      databaseUrl: testDatabaseUrl(),
      stripeUrl: sandbox.url,
      // A job whose worker died is retried 5 s later, not after the default five minutes.
      env: { JOBS_EXPIRE_SECONDS: '5', JOBS_MAINTENANCE_INTERVAL_SECONDS: '1' },
    });
    database = await new DataSource({ type: 'postgres', url: testDatabaseUrl() }).initialize();
    await database.query(`TRUNCATE stripe_events`);
    await database.query(`DELETE FROM pgboss.job WHERE name = 'stripe-events'`);
    changes = await ChangeLog.install(database);
  }, 90_000);
  afterAll(async () => {
    await backend?.stop();
    await changes?.uninstall();
    await database?.destroy();
    await sandbox?.stop();
  });

  const processedCount = async () =>
    Number((await database.query(`SELECT count(*) AS n FROM stripe_events WHERE processed`))[0].n);

  it('processes every event exactly once across a kill -9 and redeliveries', async () => {
    const ids = Array.from({ length: EVENTS }, () => `evt_crash_${randomUUID().replace(/-/g, '')}`);
    const firstDelivery = deliver(backend.url, ids);

    // Kill it mid-stream: some events processed, others stored but waiting, others in flight.
    const processedAtCrash = await waitFor(
      async () => {
        const processed = await processedCount();
        return processed >= 50 ? processed : undefined;
      },
      60_000,
      'the first events to be processed',
    );
    await backend.crash();
    const acknowledged = await firstDelivery;
    expect(processedAtCrash).toBeLessThan(EVENTS);

    await backend.restart();
    // Stripe retries what was not acknowledged, and sometimes delivers an event twice.
    const missing = ids.filter((id) => !acknowledged.has(id));
    expect((await deliver(backend.url, missing)).size).toBe(missing.length);
    expect((await deliver(backend.url, ids.slice(0, 100))).size).toBe(100);

    await waitFor(
      async () => ((await processedCount()) === EVENTS ? true : undefined),
      90_000,
      `all ${EVENTS} events to be processed\n${backend.log}`,
    );
    const rows = (await database.query(
      `SELECT stripe_event_id, processed, attempts FROM stripe_events`,
    )) as { stripe_event_id: string; processed: boolean; attempts: number }[];
    expect(rows.map((row) => row.stripe_event_id).sort()).toEqual([...ids].sort());
    expect(rows.filter((row) => row.attempts !== 1)).toEqual([]);

    // Each event was marked processed by exactly one committed transaction.
    const processedTransitions = (await changes.since(0)).filter(
      (change) =>
        change.table_name === 'stripe_events' &&
        change.operation === 'UPDATE' &&
        change.row_data.processed === true,
    );
    const perEvent = new Map<string, number>();
    for (const change of processedTransitions) {
      const id = String(change.row_data.stripe_event_id);
      perEvent.set(id, (perEvent.get(id) ?? 0) + 1);
    }
    expect(perEvent.size).toBe(EVENTS);
    expect([...perEvent.values()].filter((count) => count !== 1)).toEqual([]);
  }, 240_000);
});
