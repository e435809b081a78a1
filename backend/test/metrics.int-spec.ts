import { resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

/** The value of a sample line, or 0 when the series has not appeared yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split('\n')
    .find((row) => row.startsWith(`${name}{`) && wanted.every((label) => row.includes(label)));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('Prometheus metrics', () => {
  let t: TestApp;
  const TOKEN = 'metrics-token-0123456789';

  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: TOKEN, INSTANCE_ID: 'app-2' } });
    await resetDatabase(t.dataSource);
  });
  afterAll(() => t.close());

  const scrape = () =>
    t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });

  it('requires the metrics token when one is set', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).json()).toMatchObject({
      statusCode: 401,
      code: 'unauthorized',
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/metrics',
          headers: { authorization: 'Bearer nope' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses a token of the right length in other characters with 401, not a server error', async () => {
    for (const wrong of [`é${TOKEN.slice(1)}`, `${TOKEN.slice(0, -1)}ü`]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${wrong}` },
      });
      expect(refused.json()).toMatchObject({ statusCode: 401, code: 'unauthorized' });
    }
  });

  it('answers the exposition format, and the request counter moves with requests', async () => {
    const before = await scrape();
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // Every line is blank, a comment, or `name{labels} value`.
    for (const line of before.body.split('\n').filter(Boolean))
      expect({
        line,
        ok: /^(# (HELP|TYPE) \w+ .*|[a-zA-Z_:][\w:]*(\{.*\})? -?[\d.e+-]+|[a-zA-Z_:][\w:]*(\{.*\})? NaN)$/.test(
          line,
        ),
      }).toEqual({ line, ok: true });
    // Every series says which instance it describes.
    const series = before.body.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(series.length).toBeGreaterThan(20);
    expect(series.filter((line) => !line.includes('instance_id="app-2"'))).toEqual([]);
    for (const name of [
      'leadpulse_http_requests_total',
      'leadpulse_http_request_duration_seconds',
      'leadpulse_nodejs_eventloop_lag_seconds',
      'leadpulse_process_resident_memory_bytes',
      'leadpulse_job_queue_waiting',
      'leadpulse_outbox_queued',
      'leadpulse_webhook_lag_seconds',
      'leadpulse_founding_spots_taken',
      'leadpulse_active_subscriptions',
      'leadpulse_db_pool_total',
    ])
      expect(before.body).toContain(`# TYPE ${name} `);

    const labels = { method: 'GET', route: '/api/health/database', status: '200' };
    const count = sample(before.body, 'leadpulse_http_requests_total', labels);
    for (let i = 0; i < 3; i += 1)
      await t.app.inject({ method: 'GET', url: '/api/health/database' });
    const after = await scrape();
    expect(sample(after.body, 'leadpulse_http_requests_total', labels)).toBe(count + 3);
    expect(sample(after.body, 'leadpulse_http_request_duration_seconds_count', labels)).toBe(
      count + 3,
    );
  });
});
