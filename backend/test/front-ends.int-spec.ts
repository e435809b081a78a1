import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { pino } from 'pino';
import { isSitePath } from '@leadpulse/common';
import { createApp } from '../src/app.js';
import { testConfig, testDatabaseUrl } from './support/test-app.js';

const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `row ${i}`))};`;

/**
 * A built front end: an index.html and one hashed asset, and with `shell`, a shell.html (the
 * site's index.html holds the landing page rendered at build time; its shell does not).
 */
function fakeBuild(name: string, { shell = false } = {}): string {
  const root = mkdtempSync(join(tmpdir(), `leadpulse-${name}-`));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), `<!doctype html><title>${name}</title>`);
  if (shell) writeFileSync(join(root, 'shell.html'), `<!doctype html><title>${name} shell</title>`);
  writeFileSync(join(root, 'assets', 'index-abc123.js'), `console.log('${name}')`);
  // What the build's precompress step leaves beside a script: its brotli and gzip copies.
  const script = join(root, 'assets', 'landing-def456.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  return root;
}

describe('serving the built site and admin', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createApp({
      config: testConfig(),
      databaseUrl: testDatabaseUrl(),
      logger: pino({ level: 'silent' }),
      frontEnds: [
        { prefix: '/admin/', root: fakeBuild('admin') },
        { prefix: '/', root: fakeBuild('site', { shell: true }), knows: isSitePath },
      ],
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('serves the site at / and revalidates its index.html', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>site</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves the landing page of index.html at / whatever the query', async () => {
    const response = await get('/?founding=cancelled&reservation=r_1');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>site</title>');
  });

  it.each(['/dashboard', '/dashboard/settings', '/setup-password', '/terms', '/privacy'])(
    'answers the client-side route %s with the site shell.html, not the landing page',
    async (path) => {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>site shell</title>');
    },
  );

  it.each(['/no/such/page', '/dashboard/nope', '/pricing', '/terms/old?x=1'])(
    'answers the unknown path %s with the shell (its not-found page) and status 404',
    async (path) => {
      const response = await get(path);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>site shell</title>');
    },
  );

  it.each(['/admin', '/admin/', '/admin/users', '/admin/stripe-events/evt_1'])(
    'answers %s with the admin index.html',
    async (path) => {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>admin</title>');
    },
  );

  it('caches hashed assets for a year', async () => {
    for (const path of ['/assets/index-abc123.js', '/admin/assets/index-abc123.js']) {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/admin/assets/index-abc123.js')).body).toContain("'admin'");
  });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])(
    'sends a script compressed at build time as the browser accepts (%s: %s)',
    async (accepts, encoding) => {
      const response = await app.inject({
        method: 'GET',
        url: '/assets/landing-def456.js',
        headers: accepts ? { 'accept-encoding': accepts } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['vary']).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A document's policies stay off a script; what guards the script itself stays on.
      expect(response.headers['content-security-policy']).toBeUndefined();
      expect(response.headers['x-frame-options']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      const body = response.rawPayload;
      const text =
        encoding === 'br'
          ? brotliDecompressSync(body)
          : encoding === 'gzip'
            ? gunzipSync(body)
            : body;
      expect(text.toString()).toBe(SCRIPT);
      if (encoding) expect(body.length).toBeLessThan(SCRIPT.length / 2);
    },
  );

  it('answers a missing file with 404, not with index.html', async () => {
    const response = await get('/assets/missing-123.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<title>');
  });

  it('keeps unknown API routes as JSON 404s', async () => {
    const response = await get('/api/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });

  it('does not answer a POST to a client-side route with a page', async () => {
    const response = await app.inject({ method: 'POST', url: '/dashboard', payload: {} });
    expect(response.statusCode).toBe(404);
  });
});

// Over plain HTTP an upgrade (or HSTS) sends the browser to an HTTPS port nobody listens on.
describe.each([
  { appUrl: 'http://192.168.1.20:3000', https: false },
  { appUrl: 'https://app.example.com', https: true },
])('the site’s security headers with APP_URL $appUrl', ({ appUrl, https }) => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createApp({
      config: testConfig({ APP_URL: appUrl }),
      databaseUrl: testDatabaseUrl(),
      logger: pino({ level: 'silent' }),
      frontEnds: [{ prefix: '/', root: fakeBuild('site') }],
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());

  it(`${https ? 'asks' : 'does not ask'} browsers to upgrade to HTTPS and to keep to it`, async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy.includes('upgrade-insecure-requests')).toBe(https);
    expect(response.headers['strict-transport-security'] !== undefined).toBe(https);
  });
});
