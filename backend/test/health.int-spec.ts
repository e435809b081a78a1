import { resetDatabase, startTestApp, testDatabaseUrl, type TestApp } from './support/test-app.js';
import { CuttableProxy } from './support/tcp-proxy.js';
import { waitFor } from './support/wait.js';

describe('health', () => {
  let t: TestApp;
  let proxy: CuttableProxy;

  beforeAll(async () => {
    const url = new URL(testDatabaseUrl());
    proxy = new CuttableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.listen();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    t = await startTestApp({ databaseUrl: url.toString() });
    await resetDatabase(t.dataSource);
  });
  afterAll(async () => {
    proxy.restore();
    await t.close();
    await proxy.close();
  });

  it('is healthy when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'healthy',
      checks: { database: { status: 'healthy' } },
      version: '1.0.0',
    });
  });

  it('checks Stripe, the job queue and the webhook backlog', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json().checks).toMatchObject({
      stripe: { status: 'healthy', api: expect.stringMatching(/^http:\/\/localhost:\d+$/) },
      jobs: { status: 'healthy', waiting: expect.any(Number) },
      webhooks: { status: 'healthy', unprocessed: 0 },
    });
    const stripe = await t.app.inject({ method: 'GET', url: '/api/health/stripe' });
    expect(Object.keys(stripe.json().checks)).toEqual(['stripe']);

    // An event waiting 20 minutes: the webhook backlog is behind, the product degraded (not down).
    await t.dataSource.query(
      `INSERT INTO stripe_events (stripe_event_id, event_type, event_data, created_at)
       VALUES ('evt_old_backlog', 'customer.created', '{}', now() - interval '20 minutes')`,
    );
    const behind = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(behind.statusCode).toBe(200);
    expect(behind.json()).toMatchObject({
      status: 'degraded',
      checks: { webhooks: { status: 'degraded', unprocessed: 1 } },
    });
    await t.dataSource.query(`DELETE FROM stripe_events WHERE stripe_event_id = 'evt_old_backlog'`);
  });

  it('says Stripe is unreachable as degraded, without taking the product down', async () => {
    const offline = await startTestApp({ env: { STRIPE_API_URL: 'http://127.0.0.1:9' } });
    try {
      const response = await offline.app.inject({ method: 'GET', url: '/api/health/stripe' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'degraded',
        checks: { stripe: { status: 'degraded' } },
      });
    } finally {
      await offline.close();
    }
  });

  // The spec's rule over real check states: the database cut (unhealthy), the webhook backlog
  // behind (degraded), Stripe failing (degraded).
  it.each([
    { database: 'healthy', webhooks: 'healthy', stripe: 'healthy', overall: 'healthy' },
    { database: 'healthy', webhooks: 'degraded', stripe: 'healthy', overall: 'degraded' },
    { database: 'healthy', webhooks: 'healthy', stripe: 'degraded', overall: 'degraded' },
    { database: 'healthy', webhooks: 'degraded', stripe: 'degraded', overall: 'degraded' },
    { database: 'unhealthy', webhooks: 'healthy', stripe: 'healthy', overall: 'unhealthy' },
    { database: 'unhealthy', webhooks: 'degraded', stripe: 'healthy', overall: 'unhealthy' },
    { database: 'unhealthy', webhooks: 'healthy', stripe: 'degraded', overall: 'unhealthy' },
    { database: 'unhealthy', webhooks: 'degraded', stripe: 'degraded', overall: 'unhealthy' },
  ])(
    'is $overall with the database $database, webhooks $webhooks and Stripe $stripe',
    async ({ database, webhooks, stripe, overall }) => {
      if (webhooks === 'degraded')
        await t.dataSource.query(
          `INSERT INTO stripe_events (stripe_event_id, event_type, event_data, created_at)
           VALUES ('evt_table_backlog', 'customer.created', '{}', now() - interval '20 minutes')`,
        );
      if (stripe === 'degraded') t.sandbox!.failNextRequests(1);
      if (database === 'unhealthy') proxy.cut();
      try {
        const response = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(response.json().status).toBe(overall);
        expect(response.statusCode).toBe(overall === 'unhealthy' ? 503 : 200);
        const checks = response.json().checks;
        expect(checks.database.status).toBe(database);
        expect(checks.stripe.status).toBe(stripe);
        // Without a database the backlog cannot be read, which is itself degraded.
        if (database === 'healthy') expect(checks.webhooks.status).toBe(webhooks);
      } finally {
        proxy.restore();
        await waitFor(
          async () =>
            (await t.app.inject({ method: 'GET', url: '/api/health/database' })).statusCode ===
              200 || undefined,
          10_000,
          'the database to answer again',
        );
        await t.dataSource.query(
          `DELETE FROM stripe_events WHERE stripe_event_id = 'evt_table_backlog'`,
        );
      }
    },
  );

  it('answers the database probe with a single ping', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/database' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'healthy',
      checks: { database: { status: 'healthy' } },
    });
    expect(Object.keys(response.json().checks)).toEqual(['database']);
  });

  it('answers 503 naming the database when it is unreachable, and recovers by itself', async () => {
    proxy.cut();
    for (const url of ['/api/health/database', '/api/health']) {
      const down = await t.app.inject({ method: 'GET', url });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        status: 'unhealthy',
        checks: { database: { status: 'unhealthy' } },
      });
    }

    proxy.restore();
    await waitFor(
      async () =>
        (await t.app.inject({ method: 'GET', url: '/api/health/database' })).statusCode === 200
          ? true
          : undefined,
      5_000,
      'the database healthy again',
    );
  });
});
