import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp } from './support/test-app.js';

const PARTNER = 'https://partner.example.com';
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';

/** What an answer says of CORS: its status, its CORS headers, and whether the usual headers came. */
function corsOf(response: LightMyRequestResponse) {
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(
      ([name]) => name === 'vary' || name.startsWith('access-control-'),
    ),
  );
  return {
    status: response.statusCode,
    headers,
    requestId: 'x-request-id' in response.headers,
    securityHeaders: 'content-security-policy' in response.headers,
  };
}

describe('CORS', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { CORS_ORIGINS: PARTNER } });
  });
  afterAll(() => t.close());

  const request = async (method: 'GET' | 'HEAD' | 'OPTIONS', url: string, headers = {}) =>
    corsOf(await t.app.inject({ method, url, headers }));

  it('names the origin among the caching keys of every answer, and allows only configured origins', async () => {
    const usual = { requestId: true, securityHeaders: true };
    expect(await request('GET', '/api/health/database')).toEqual({
      status: 200,
      headers: { vary: 'Origin' },
      ...usual,
    });
    for (const [origin, url, status] of [
      [PARTNER, '/api/health/database', 200],
      ['http://localhost:3000', '/api/me', 401],
      [PARTNER, '/api/no-such-thing', 404],
    ] as const)
      expect(await request('GET', url, { origin })).toEqual({
        status,
        headers: { vary: 'Origin', 'access-control-allow-origin': origin },
        ...usual,
      });
    expect(await request('HEAD', '/api/health/database', { origin: PARTNER })).toEqual({
      status: 200,
      headers: { vary: 'Origin', 'access-control-allow-origin': PARTNER },
      ...usual,
    });
    expect(
      await request('GET', '/api/health/database', { origin: 'https://evil.example' }),
    ).toEqual({ status: 200, headers: { vary: 'Origin' }, ...usual });
  });

  it('answers a preflight with the methods and the requested headers, before anything else', async () => {
    const vary = 'Origin, Access-Control-Request-Headers';
    /** A preflight's answer from the partner's origin: 204, its CORS headers alone. */
    const allowed = (headers: Record<string, string> = {}) => ({
      status: 204,
      headers: {
        vary,
        'access-control-allow-origin': PARTNER,
        'access-control-allow-methods': METHODS,
        ...headers,
      },
      requestId: false,
      securityHeaders: false,
    });
    expect(
      await request('OPTIONS', '/api/me', {
        origin: PARTNER,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,content-type',
      }),
    ).toEqual(allowed({ 'access-control-allow-headers': 'authorization,content-type' }));
    for (const url of ['/api/no-such-thing', '/'])
      expect(
        await request('OPTIONS', url, { origin: PARTNER, 'access-control-request-method': 'PUT' }),
      ).toEqual(allowed());
    // Another origin is not allowed, though the methods are named.
    expect(
      await request('OPTIONS', '/api/me', {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
      }),
    ).toEqual({
      status: 204,
      headers: { vary, 'access-control-allow-methods': METHODS },
      requestId: false,
      securityHeaders: false,
    });
    const answer = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/me',
      headers: { origin: PARTNER, 'access-control-request-method': 'GET' },
    });
    expect(answer.headers['content-length']).toBe('0');
    expect(answer.body).toBe('');
  });

  it('refuses a preflight without an origin or a method', async () => {
    for (const [headers, allowed] of [
      [{ origin: PARTNER }, { 'access-control-allow-origin': PARTNER }],
      [{ 'access-control-request-method': 'GET' }, {}],
      [{}, {}],
    ] as const) {
      const answer = await t.app.inject({ method: 'OPTIONS', url: '/api/me', headers });
      expect(corsOf(answer)).toEqual({
        status: 400,
        headers: { vary: 'Origin', ...allowed },
        requestId: false,
        securityHeaders: false,
      });
      expect(answer.headers['content-type']).toBe('text/plain');
      expect(answer.body).toBe('Invalid Preflight Request');
    }
  });

  it('allows every origin when the configuration says *', async () => {
    const open = await startTestApp({ env: { CORS_ORIGINS: '*' } });
    try {
      for (const headers of [{}, { origin: 'https://anyone.example' }])
        expect(
          corsOf(await open.app.inject({ method: 'GET', url: '/api/health/database', headers }))
            .headers,
        ).toEqual({ 'access-control-allow-origin': '*' });
      const preflight = await open.app.inject({
        method: 'OPTIONS',
        url: '/api/me',
        headers: { origin: 'https://anyone.example', 'access-control-request-method': 'DELETE' },
      });
      expect(corsOf(preflight).headers).toEqual({
        vary: 'Access-Control-Request-Headers',
        'access-control-allow-origin': '*',
        'access-control-allow-methods': METHODS,
      });
    } finally {
      await open.close();
    }
  });
});
