import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { StripeSandbox } from '@leadpulse/stripe-sandbox';
import { FakeSendGrid } from '../support/fake-sendgrid.js';
import { testDatabaseUrl } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';
import { BackendProcess, startSandbox } from './support/backend-process.js';
import { ChangeLog } from './support/change-log.js';
import { deliverEvent } from './support/stripe-events.js';

const LOGIN_LIMIT = 10;

/**
 * Two backend processes on one PostgreSQL, requests spread over both with no sticky routing:
 * rate limits count across them, and every job and webhook is processed once.
 */
describe('two instances', () => {
  const sendgrid = new FakeSendGrid();
  let sandbox: StripeSandbox;
  let instances: BackendProcess[];
  let database: DataSource;
  let changes: ChangeLog;

  beforeAll(async () => {
    await sendgrid.listen();
    sandbox = await startSandbox();
    const stripeUrl = sandbox.url;
    const env = {
      LOGIN_MAX_FAILURES_PER_IP: String(LOGIN_LIMIT),
      RATE_LIMIT_SUBSCRIBE: '1000',
      SENDGRID_API_KEY: 'SG.test-key-0123456789',
      SENDGRID_API_URL: sendgrid.url,
      MAIL_FROM: 'LeadPulse <hello@leadpulse.example>',
    };
    const databaseUrl = testDatabaseUrl();
    // One after the other: the first runs the migrations.
    const first = await BackendProcess.start({ databaseUrl, stripeUrl, env });
    const second = await BackendProcess.start({ databaseUrl, stripeUrl, env });
    instances = [first, second];
    database = await new DataSource({ type: 'postgres', url: databaseUrl }).initialize();
    await database.query(`TRUNCATE stripe_events, rate_limit_counters, newsletter_subscriptions`);
    changes = await ChangeLog.install(database);
  }, 120_000);
  afterAll(async () => {
    await Promise.all((instances ?? []).map((instance) => instance.stop()));
    await changes?.uninstall();
    await database?.destroy();
    await sandbox?.stop();
    await sendgrid.close();
  });

  it('counts failed sign-ins from one address across both instances', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_LIMIT + 4; attempt += 1) {
      const response = await fetch(`${instances[attempt % 2].url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `nobody.${attempt}@example.com`,
          password: 'wrong password',
        }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, LOGIN_LIMIT).filter((status) => status === 429)).toEqual([]);
    expect(statuses.slice(LOGIN_LIMIT)).toEqual([429, 429, 429, 429]);
  });

  it('processes each webhook once when Stripe delivers it to both instances', async () => {
    const ids = Array.from({ length: 50 }, () => `evt_two_${randomUUID().replace(/-/g, '')}`);
    await Promise.all(
      ids.flatMap((id) =>
        instances.map(async (instance) =>
          expect((await deliverEvent(instance.url, id)).ok).toBe(true),
        ),
      ),
    );
    await waitFor(
      async () => {
        const [{ n }] = await database.query(
          `SELECT count(*)::int AS n FROM stripe_events WHERE processed AND stripe_event_id = ANY($1)`,
          [ids],
        );
        return n === ids.length ? true : undefined;
      },
      30_000,
      'both instances to process the events',
    );
    const ours = new Set(ids);
    const transitions = (await changes.since(0)).filter(
      (change) =>
        change.table_name === 'stripe_events' &&
        change.operation === 'UPDATE' &&
        change.row_data.processed === true &&
        ours.has(String(change.row_data.stripe_event_id)),
    );
    expect(transitions.map((change) => change.row_data.stripe_event_id).sort()).toEqual(
      [...ids].sort(),
    );
  }, 60_000);

  it('delivers each queued e-mail once with both instances working the queue', async () => {
    const addresses = Array.from(
      { length: 30 },
      (_, index) => `two.${index}.${Date.now()}@example.com`,
    );
    for (const [index, email] of addresses.entries()) {
      const response = await fetch(`${instances[index % 2].url}/api/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(response.status).toBeLessThan(300);
    }
    const rows = await waitFor(
      async () => {
        const sent = (await database.query(
          `SELECT id, attempts FROM emails WHERE to_email = ANY($1) AND status = 'sent'`,
          [addresses],
        )) as { id: string; attempts: number }[];
        return sent.length === addresses.length ? sent : undefined;
      },
      30_000,
      'the confirmation e-mails to be delivered',
    );
    expect(rows.filter((row) => row.attempts !== 1)).toEqual([]);
    // One request to SendGrid per e-mail, and taken (mail left queued by earlier test files
    // may be delivered alongside; it is not counted).
    for (const row of rows) {
      expect(sendgrid.for(row.id)).toHaveLength(1);
      expect(sendgrid.acceptedFor(row.id)).toHaveLength(1);
    }
  }, 60_000);
});
