import { hostname } from 'node:os';
import { HealthSamplesService, SAMPLES_KEPT } from '../src/health/health-samples.service.js';
import { JobsService } from '../src/jobs/jobs.service.js';
import { ErrorReportEntity } from '../src/logs/error-report.entity.js';
import {
  bearer,
  signUpAdmin,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import { resetDatabase, startTestApp, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';

describe('the System Health page API', () => {
  let t: TestApp;
  let admin: SessionBody;
  let member: SessionBody;
  const get = (url: string, session?: SessionBody) =>
    t.app.inject({ method: 'GET', url, headers: session ? bearer(session) : {} });

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        RATE_LIMIT_SIGNUP: '1000',
        RATE_LIMIT_CONFIRM: '1000',
        HEALTH_SAMPLE_INTERVAL_SECONDS: '0.3',
        JOBS_POLL_INTERVAL_SECONDS: '0.5',
      },
    });
    await resetDatabase(t.dataSource);
    admin = await signUpAdmin(t.app, t.dataSource);
    member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('member'));
  }, 30_000);
  afterAll(() => t.close());

  it('is for administrators only', async () => {
    expect((await get('/api/admin/health')).statusCode).toBe(401);
    expect((await get('/api/admin/health', member)).statusCode).toBe(403);
    expect((await get('/api/admin/error-reports', member)).statusCode).toBe(403);
  });

  it('reports every check, their count, uptime and the system', async () => {
    const response = await get('/api/admin/health', admin);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      status: 'healthy',
      check_count: 5,
      uptime_seconds: expect.any(Number),
      system: {
        // This process: the test's app runs in it.
        instance: `${hostname()}:${process.pid}`,
        version: '1.0.0',
        node_version: process.version,
        database: 'PostgreSQL',
        database_version: expect.stringMatching(/^\d+/),
        environment: 'test',
      },
    });
    expect(Object.keys(report.checks).sort()).toEqual([
      'database',
      'email',
      'jobs',
      'stripe',
      'webhooks',
    ]);
  });

  it('samples the server on its interval, counting the requests in between', async () => {
    const samples = t.app.get(HealthSamplesService);
    const before = samples.recent().length;
    for (let i = 0; i < 5; i++) await get('/api/health/database');
    const after = await waitFor(
      async () => (samples.recent().length >= before + 2 ? samples.recent() : undefined),
      10_000,
      'two more samples',
    );
    const requests = after.slice(before).reduce((sum, sample) => sum + sample.requests, 0);
    expect(requests).toBeGreaterThanOrEqual(5);
    expect(after.at(-1)).toMatchObject({
      at: expect.any(String),
      heap_used_mb: expect.any(Number),
      rss_mb: expect.any(Number),
      cpu_percent: expect.any(Number),
      event_loop_lag_p99_ms: expect.any(Number),
      server_errors: 0,
      db_response_ms: expect.any(Number),
    });
    const served = (await get('/api/admin/health', admin)).json().samples;
    expect(served.length).toBeGreaterThanOrEqual(after.length);
    expect(Date.parse(served.at(-1).at)).toBeGreaterThanOrEqual(Date.parse(after.at(-1)!.at));
  });

  it('keeps the last 100 samples, oldest first', async () => {
    const samples = t.app.get(HealthSamplesService);
    for (let i = 0; i < SAMPLES_KEPT + 10; i++) await samples.sample();
    const kept = samples.recent();
    expect(kept).toHaveLength(SAMPLES_KEPT);
    const times = kept.map((sample) => Date.parse(sample.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('counts client error reports and failed jobs of the last day as errors', async () => {
    const before = (await get('/api/admin/health', admin)).json();
    await t.dataSource.getRepository(ErrorReportEntity).insert([
      { error_id: 'err_recent', message: 'Cannot read properties of null', url: '/dashboard' },
      {
        error_id: 'err_old',
        message: 'Old crash',
        created_at: new Date(Date.now() - 2 * 24 * 3600 * 1000),
      },
    ]);
    const jobs = t.app.get(JobsService);
    await jobs.createQueue('health-test-failing', { retryLimit: 0 });
    await jobs.work('health-test-failing', async () => {
      throw new Error('always fails');
    });
    await jobs.send('health-test-failing', {});

    const after = await waitFor(
      async () => {
        const report = (await get('/api/admin/health', admin)).json();
        return report.errors.failed_jobs_24h > before.errors.failed_jobs_24h ? report : undefined;
      },
      15_000,
      'the failed job to be counted',
    );
    expect(after.errors.client_reports_24h).toBe(before.errors.client_reports_24h + 1);
    expect(after.error_count).toBe(after.errors.client_reports_24h + after.errors.failed_jobs_24h);
  });

  it('lists error reports newest first, searchable by id, message or page', async () => {
    const all = await get('/api/admin/error-reports', admin);
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-range']).toMatch(/^error-reports 0-1\/2$/);
    expect(all.json().map((report: { error_id: string }) => report.error_id)).toEqual([
      'err_recent',
      'err_old',
    ]);
    const found = await get(
      `/api/admin/error-reports?filter=${encodeURIComponent(JSON.stringify({ q: 'null' }))}`,
      admin,
    );
    expect(found.json()).toHaveLength(1);
    const one = await get(`/api/admin/error-reports/${found.json()[0].id}`, admin);
    expect(one.json()).toMatchObject({ error_id: 'err_recent', url: '/dashboard' });
    expect((await get('/api/admin/error-reports/not-an-id', admin)).statusCode).toBe(404);
    expect(
      (await get('/api/admin/error-reports?sort=%5B%22stack%22%2C%22ASC%22%5D', admin)).json(),
    ).toMatchObject({ code: 'validation_failed' });
  });
});
