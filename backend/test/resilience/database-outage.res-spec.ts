import { DataSource } from 'typeorm';
import type { StripeSandbox } from '@leadpulse/stripe-sandbox';
import { CuttableProxy } from '../support/tcp-proxy.js';
import { testDatabaseUrl } from '../support/test-app.js';
import { BackendProcess, startSandbox } from './support/backend-process.js';

interface Outcome {
  kind: 'read' | 'write';
  startedAt: number;
  ms: number;
  status: number;
  email?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The database goes away under load and comes back: the API answers 503 at once while it is
 * gone (no request waits past 5 s), serves again without a restart, and loses no write it
 * acknowledged. The cut is a TCP proxy the test controls; the shared server keeps running.
 */
describe('a database outage under load', () => {
  let sandbox: StripeSandbox;
  let proxy: CuttableProxy;
  let backend: BackendProcess;
  let database: DataSource;

  beforeAll(async () => {
    sandbox = await startSandbox();
    const url = new URL(testDatabaseUrl());
    proxy = new CuttableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.listen();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    backend = await BackendProcess.start({
      databaseUrl: url.toString(),
      stripeUrl: sandbox.url,
      env: { RATE_LIMIT_SUBSCRIBE: '1000000' },
    });
    database = await new DataSource({ type: 'postgres', url: testDatabaseUrl() }).initialize();
  }, 90_000);
  afterAll(async () => {
    proxy?.restore();
    await backend?.stop();
    await proxy?.close();
    await database?.destroy();
    await sandbox?.stop();
  });

  it('answers 503 quickly while the database is gone, recovers by itself, and keeps every accepted write', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    let sequence = 0;
    const worker = async (kind: Outcome['kind']) => {
      while (running) {
        const startedAt = Date.now();
        const email =
          kind === 'write' ? `outage.${process.pid}.${sequence++}@example.com` : undefined;
        const response = await fetch(
          `${backend.url}${kind === 'read' ? '/api/founding/availability' : '/api/newsletter'}`,
          kind === 'read'
            ? { signal: AbortSignal.timeout(15_000) }
            : {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ email }),
                signal: AbortSignal.timeout(15_000),
              },
        ).catch(() => undefined);
        await response?.arrayBuffer();
        outcomes.push({
          kind,
          startedAt,
          ms: Date.now() - startedAt,
          status: response?.status ?? 0,
          email,
        });
      }
    };
    const workers = [
      ...Array.from({ length: 4 }, () => worker('read')),
      ...Array.from({ length: 4 }, () => worker('write')),
    ];

    await sleep(3_000);
    const cutAt = Date.now();
    proxy.cut();
    await sleep(6_000);
    const restoredAt = Date.now();
    proxy.restore();
    await sleep(8_000);
    running = false;
    await Promise.all(workers);

    const before = outcomes.filter((outcome) => outcome.startedAt + outcome.ms < cutAt);
    const during = outcomes.filter(
      (outcome) => outcome.startedAt >= cutAt + 500 && outcome.startedAt + outcome.ms < restoredAt,
    );
    const lastSeconds = outcomes.filter((outcome) => outcome.startedAt >= restoredAt + 5_000);

    // Healthy before the cut; answered (never dropped, never 500) throughout.
    expect(before.length).toBeGreaterThan(20);
    expect(before.filter((outcome) => outcome.status >= 300)).toEqual([]);
    expect(outcomes.filter((outcome) => ![200, 201, 503].includes(outcome.status))).toEqual([]);
    // While the database is gone: writes and database reads are refused fast, with 503.
    expect(during.filter((outcome) => outcome.kind === 'write').length).toBeGreaterThan(10);
    expect(during.filter((outcome) => outcome.kind === 'write' && outcome.status !== 503)).toEqual(
      [],
    );
    expect(Math.max(...outcomes.map((outcome) => outcome.ms))).toBeLessThan(5_000);
    // Back without a restart: the last seconds are all served.
    expect(lastSeconds.length).toBeGreaterThan(20);
    expect(lastSeconds.filter((outcome) => outcome.status >= 300)).toEqual([]);

    // Every write the API acknowledged is in the database.
    const accepted = outcomes
      .filter((outcome) => outcome.kind === 'write' && outcome.status < 300)
      .map((outcome) => outcome.email!);
    expect(accepted.length).toBeGreaterThan(20);
    const stored = new Set(
      (
        (await database.query(`SELECT email FROM newsletter_subscriptions WHERE email = ANY($1)`, [
          accepted,
        ])) as { email: string }[]
      ).map((row) => row.email),
    );
    expect(accepted.filter((email) => !stored.has(email))).toEqual([]);
  }, 120_000);
});
