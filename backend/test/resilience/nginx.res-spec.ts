import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { StripeSandbox } from '@leadpulse/stripe-sandbox';
import { BackendProcess, startSandbox } from './support/backend-process.js';
import { emptyDatabase } from './support/empty-database.js';
import { waitFor } from '../support/wait.js';
import { Nginx, nginxInstalled } from './support/nginx.js';

const ROUNDS = 5;
const LOGIN_LIMIT = 5;
const SHUTDOWN_TIMEOUT_MS = 5_000;
const REQUESTS_PER_SECOND = 40;
const ADMIN = { email: 'owner@leadpulse.example', password: 'resilience passphrase 42' };

type Outcome = { write: boolean; email?: string; status?: number; error?: string };

/** One request through the proxy: a read, or every other one a newsletter sign-up (a write). */
async function send(base: string, index: number): Promise<Outcome> {
  const write = index % 2 === 1;
  const email = write ? `nginx.${index}.${randomUUID().slice(0, 8)}@example.com` : undefined;
  try {
    const response = await fetch(`${base}/api/${write ? 'newsletter' : 'health/database'}`, {
      method: write ? 'POST' : 'GET',
      headers: write ? { 'content-type': 'application/json' } : {},
      body: write ? JSON.stringify({ email }) : undefined,
    });
    await response.arrayBuffer();
    return { write, email, status: response.status };
  } catch (error) {
    return { write, email, error: (error as Error).message };
  }
}

/** Steady traffic through the proxy until the returned function stops it and gives the outcomes. */
function load(base: string): () => Promise<Outcome[]> {
  const outcomes: Promise<Outcome>[] = [];
  let sending = true;
  const loop = (async () => {
    while (sending) {
      outcomes.push(send(base, outcomes.length));
      await new Promise((resolve) => setTimeout(resolve, 1000 / REQUESTS_PER_SECOND));
    }
  })();
  return async () => {
    sending = false;
    await loop;
    return Promise.all(outcomes);
  };
}

const ok = (outcome: Outcome) => outcome.status !== undefined && outcome.status < 300;

/**
 * The repository's nginx configuration in front of two instances, as `docker compose --profile
 * scaled` runs them: they start together on an empty database, a forged X-Forwarded-For escapes
 * no limit, a logout on one is heard by the other, and an instance killed or stopped under load
 * costs no idempotent read and no acknowledged write.
 */
const suite = nginxInstalled() || process.env.CI ? describe : describe.skip;
if (!nginxInstalled() && !process.env.CI)
  console.warn('nginx is not installed (apt-get install nginx): the nginx suite is skipped');

suite('two instances behind nginx', () => {
  let sandbox: StripeSandbox;
  let instances: BackendProcess[] = [];
  let nginx: Nginx | undefined;
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let rows: DataSource | undefined;

  const startAll = async () => {
    database = await emptyDatabase();
    const env = {
      TRUST_PROXY: '1',
      LOGIN_MAX_FAILURES_PER_IP: String(LOGIN_LIMIT),
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
      RATE_LIMIT_SUBSCRIBE: '100000',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    const started = await Promise.allSettled(
      ['a', 'b'].map((id) =>
        BackendProcess.start({
          databaseUrl: database!.url,
          stripeUrl: sandbox.url,
          env: { ...env, INSTANCE_ID: id },
        }),
      ),
    );
    instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    for (const result of started) if (result.status === 'rejected') throw result.reason as Error;
    nginx = await Nginx.start([
      instances[0].url.replace('http://', ''),
      instances[1].url.replace('http://', ''),
    ]);
  };
  const stopAll = async () => {
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await rows?.destroy();
    await database?.drop();
    [nginx, instances, rows, database] = [undefined, [], undefined, undefined];
  };

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await stopAll();
    await sandbox?.stop();
  });

  it(`start together on an empty database and answer through nginx, ${ROUNDS} times in a row`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await startAll();
      const statuses = await Promise.all(
        Array.from({ length: 6 }, () =>
          fetch(`${nginx!.url}/api/health/database`).then((response) => response.status),
        ),
      );
      expect({ round, statuses }).toEqual({ round, statuses: [200, 200, 200, 200, 200, 200] });
      // The last round's pair serves the tests below.
      if (round < ROUNDS - 1) await stopAll();
    }
    rows = await new DataSource({ type: 'postgres', url: database!.url }).initialize();
  }, 300_000);

  it('counts the address nginx saw, whatever X-Forwarded-For the client writes', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_LIMIT + 4; attempt += 1) {
      const response = await fetch(`${nginx!.url}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `203.0.113.${attempt + 1}, 198.51.100.${attempt + 1}`,
        },
        body: JSON.stringify({ email: `nobody.${attempt}@example.com`, password: 'wrong' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, LOGIN_LIMIT).filter((status) => status === 429)).toEqual([]);
    expect(statuses.slice(LOGIN_LIMIT)).toEqual([429, 429, 429, 429]);
  });

  it('ends a sign-in on the other instance within a second of a logout on one', async () => {
    const [first, second] = instances;
    const session = (await (
      await fetch(`${first.url}/api/auth/login`, {
        method: 'POST',
        // Straight to the instance, as if through a proxy from another client than the forged
        // sign-ins' (the address nginx saw is limited by now).
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.10' },
        body: JSON.stringify(ADMIN),
      })
    ).json()) as { access_token: string; refresh_token: string };
    expect(session.access_token).toEqual(expect.any(String));
    const me = () =>
      fetch(`${second.url}/api/me`, {
        headers: { authorization: `Bearer ${session.access_token}` },
      }).then((response) => response.status);
    expect(await me()).toBe(200);

    const loggedOut = await fetch(`${first.url}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(loggedOut.ok).toBe(true);
    const at = Date.now();
    let status = await me();
    while (status === 200 && Date.now() - at < 1_000) status = await me();
    expect(status).toBe(401);
  });

  it('loses no acknowledged write and fails no read when an instance is killed under load', async () => {
    const stop = load(nginx!.url);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await instances[0].crash();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const outcomes = await stop();

    expect(outcomes.filter((outcome) => !outcome.write && !ok(outcome))).toEqual([]);
    const acknowledged = outcomes.filter((outcome) => outcome.write && ok(outcome));
    expect(acknowledged.length).toBeGreaterThan(REQUESTS_PER_SECOND);
    const stored = new Set(
      (
        (await rows!.query(`SELECT email FROM newsletter_subscriptions WHERE email = ANY($1)`, [
          acknowledged.map((outcome) => outcome.email),
        ])) as { email: string }[]
      ).map((row) => row.email),
    );
    expect(acknowledged.filter((outcome) => !stored.has(outcome.email!))).toEqual([]);
    await instances[0].restart();
    // nginx takes the instance back once its fail_timeout has passed: wait until it answers
    // through nginx again (its metrics name it), so the next test has two instances behind it.
    await waitFor(
      async () => {
        const metrics = await fetch(`${nginx!.url}/api/metrics`).then((response) =>
          response.text(),
        );
        return metrics.includes('instance_id="a"') ? true : undefined;
      },
      30_000,
      'nginx to route to the restarted instance',
    );
  }, 90_000);

  it('stops an instance under load within the timeout with status 0, every request answered', async () => {
    const stop = load(nginx!.url);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const stopping = Date.now();
    const status = await instances[1].stop();
    const took = Date.now() - stopping;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const outcomes = await stop();

    expect({ status, withinTimeout: took < SHUTDOWN_TIMEOUT_MS }).toEqual({
      status: 0,
      withinTimeout: true,
    });
    expect(outcomes.filter((outcome) => !ok(outcome))).toEqual([]);
  }, 60_000);
});
