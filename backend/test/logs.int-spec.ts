import { request } from 'node:http';
import { Writable } from 'node:stream';
import { createRootLogger } from '../src/logging/logger.js';
import { MailService } from '../src/mail/mail.service.js';
import { post } from './support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

/** The app's log output, as the root logger writes it (JSON lines, or pino-pretty's lines). */
async function startLoggedApp(
  pretty: boolean,
  listen = false,
): Promise<{ t: TestApp; output: () => string }> {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const logger = createRootLogger({ level: 'info', pretty, destination });
  const t = await startTestApp({ env: NO_RATE_LIMITS, logger, listen });
  // eslint-disable-next-line no-control-regex
  return { t, output: () => chunks.join('').replace(/\u001b\[[0-9;]*m/g, '') };
}

const FORGED = '[12:00:00.000] INFO (AuthService): administrator password changed';
const entry = {
  level: 'info',
  message: `clicked\n${FORGED}\r\nanother line`,
  context: 'AuthService',
  metadata: { page: '/dashboard' },
};

describe('the server log, as JSON lines', () => {
  let t: TestApp;
  let output: () => string;
  const lines = () =>
    output()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    ({ t, output } = await startLoggedApp(false, true));
    await resetDatabase(t.dataSource);
  });
  afterAll(() => t.close());

  it('writes a browser log entry as data on one line, under the BrowserLog context', async () => {
    expect((await post(t.app, '/api/logs', entry)).statusCode).toBe(202);
    const written = lines().filter((line) => JSON.stringify(line).includes('administrator'));
    expect(written).toEqual([
      expect.objectContaining({
        level: 30,
        context: 'BrowserLog',
        msg: 'browser log entry',
        client: {
          level: 'INFO',
          message: entry.message,
          context: 'AuthService',
          metadata: { page: '/dashboard' },
        },
      }),
    ]);
  });

  it('writes one line per API request, naming the request once', async () => {
    const requestId = `log-once-${Date.now()}`;
    for (const url of ['/api/health/database', '/api/site-config'])
      await t.app.inject({ method: 'GET', url, headers: { 'x-request-id': requestId } });
    const raw = output()
      .split('\n')
      .filter((line) => line.includes(requestId));
    expect(raw.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ msg: 'request completed', url: '/api/health/database' }),
      expect.objectContaining({ msg: 'request completed', url: '/api/site-config' }),
    ]);
    // A JSON object with a key twice parses, but log shippers read it differently.
    for (const line of raw) expect(line.match(/"reqId"/g)).toHaveLength(1);
  });

  it('names the request on the lines its handler writes, once its body has arrived', async () => {
    const requestId = `body-${Date.now()}`;
    // Over a socket, the body sent a moment after the headers: it arrives in events of its own.
    const body = JSON.stringify(entry);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const sending = request(`${t.url}/api/logs`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-request-id': requestId,
        },
      });
      sending.on('response', (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      sending.on('error', reject);
      sending.flushHeaders();
      setTimeout(() => sending.end(body), 50);
    });
    expect(status).toBe(202);
    const written = output()
      .split('\n')
      .filter((line) => line.includes(requestId));
    expect(written.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({
        reqId: requestId,
        context: 'BrowserLog',
        msg: 'browser log entry',
      }),
      expect.objectContaining({ reqId: requestId, msg: 'request completed', url: '/api/logs' }),
    ]);
    for (const line of written) expect(line.match(/"reqId"/g)).toHaveLength(1);
  });

  it('never writes the token of an unsubscribe link in the request log', async () => {
    const url = new URL(t.app.get(MailService).oneClickUnsubscribeUrl('reader@example.com'));
    const token = url.searchParams.get('token')!;
    const response = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(output()).not.toContain(token.split('.')[2]);
    expect(lines()).toContainEqual(
      expect.objectContaining({
        msg: 'request completed',
        url: '/api/newsletter/unsubscribe?token=[redacted]',
      }),
    );
  });
});

describe('the server log, as readable development lines', () => {
  let t: TestApp;
  let output: () => string;

  beforeAll(async () => {
    ({ t, output } = await startLoggedApp(true));
  });
  afterAll(() => t.close());

  it("keeps a browser message's line breaks from starting a log line of their own", async () => {
    expect((await post(t.app, '/api/logs', entry)).statusCode).toBe(202);
    const text = output();
    expect(text).toContain('context: "BrowserLog"');
    expect(text).toContain('administrator password changed');
    for (const line of text.split(/[\r\n]/))
      if (line.includes('administrator')) expect(line).toMatch(/^\s+"message": "clicked\\n/);
  });
});
