import { startTestApp, resetDatabase, type TestApp } from './support/test-app.js';

describe('the HTTP stack', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { CORS_ORIGINS: 'https://partner.example.com' } });
    await resetDatabase(t.dataSource);
  });
  afterAll(() => t.close());

  it('answers an unknown /api route with a 404 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      code: 'not_found',
      message: expect.any(String),
    });
  });

  it('answers an unknown method on a known route with a 405 in the error shape', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toEqual({
      statusCode: 405,
      code: 'method_not_allowed',
      message: expect.any(String),
    });
  });

  it('rejects unknown fields with validation_failed and names the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logs',
      payload: { level: 'INFO', message: 'hello', is_admin: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      errors: { is_admin: expect.any(String) },
    });
  });

  it('names every invalid field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logs',
      payload: { level: 'LOUD' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.errors).sort()).toEqual(['level', 'message']);
    expect(body.message).toBe(Object.values(body.errors)[0]);
  });

  it('rejects malformed JSON with a 400 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { 'content-type': 'application/json' },
      payload: '{"level": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'bad_request' });
  });

  it('rejects a body over 100 KB with a 413 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logs',
      payload: { level: 'INFO', message: 'x'.repeat(101 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, code: 'payload_too_large' });
  });

  it('refuses a body nested deeper than 32 levels with a 400, and takes one at the limit', async () => {
    const nested = (depth: number) =>
      `${'{"a":'.repeat(depth - 1)}{"level":"INFO","message":"deep"}${'}'.repeat(depth - 1)}`;
    const tooDeep = await t.app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { 'content-type': 'application/json' },
      payload: `{"level":"INFO","message":"m","metadata":${nested(2_000)}}`,
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toEqual({
      statusCode: 400,
      code: 'bad_request',
      message: 'The request body is nested too deeply (the limit is 32 levels).',
    });
    const atLimit = await t.app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { 'content-type': 'application/json' },
      payload: `{"level":"INFO","message":"m","metadata":${nested(31)}}`,
    });
    expect(atLimit.statusCode).toBe(202);
  });

  it('accepts a body just under the limit (and validates it)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logs',
      payload: { level: 'INFO', message: 'x'.repeat(99 * 1024) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('message');
  });

  it('accepts a client log entry with 202', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logs',
      payload: {
        level: 'warn',
        message: 'Route not found: /nowhere',
        context: 'NotFound',
        metadata: { path: '/nowhere' },
      },
    });
    expect(response.statusCode).toBe(202);
  });

  it('puts a request id on every response and keeps a sane one given by the caller', async () => {
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-1234' },
    });
    expect(given.headers['x-request-id']).toBe('lb-1234');

    const hostile = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers, without HSTS while APP_URL is plain HTTP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(t.config.appUrl).toMatch(/^http:/);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the same security headers on every kind of answer', async () => {
    const answers = {
      ok: await t.app.inject({ method: 'GET', url: '/api/health' }),
      direct: await t.app.inject({ method: 'GET', url: '/api/health/database' }),
      refused: await t.app.inject({ method: 'GET', url: '/api/me' }),
      unknown: await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      badJson: await t.app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { 'content-type': 'application/json' },
        payload: '{"level":',
      }),
      tooLarge: await t.app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ message: 'x'.repeat(200 * 1024) }),
      }),
      docs: await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' }),
    };
    const names = [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
    ];
    const expected = Object.fromEntries(names.map((name) => [name, answers.ok.headers[name]]));
    expect(expected['x-frame-options']).toBe('SAMEORIGIN');
    for (const [kind, answer] of Object.entries(answers))
      expect([kind, Object.fromEntries(names.map((name) => [name, answer.headers[name]]))]).toEqual(
        [kind, expected],
      );
    expect(answers.badJson.statusCode).toBe(400);
    expect(answers.tooLarge.statusCode).toBe(413);
  });

  it('allows CORS only from configured origins', async () => {
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://partner.example.com' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example.com');

    const own = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(own.headers['access-control-allow-origin']).toBe('http://localhost:3000');

    const other = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('tells the site its name and demo video', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site-config' });
    expect(response.json()).toEqual({ app_name: 'LeadPulse', demo_video_url: null });

    const custom = await startTestApp({
      env: { APP_NAME: 'Acme Leads', DEMO_VIDEO_URL: 'https://videos.example.com/demo.mp4' },
    });
    try {
      const configured = await custom.app.inject({ method: 'GET', url: '/api/site-config' });
      expect(configured.json()).toEqual({
        app_name: 'Acme Leads',
        demo_video_url: 'https://videos.example.com/demo.mp4',
      });
      expect(configured.headers['content-security-policy']).toContain(
        "media-src 'self' blob: https://videos.example.com",
      );
    } finally {
      await custom.close();
    }
  });

  it('publishes the OpenAPI document and its UI at /api/docs', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(document.statusCode).toBe(200);
    const paths = Object.keys(document.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/health', '/api/health/database', '/api/logs']),
    );

    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
