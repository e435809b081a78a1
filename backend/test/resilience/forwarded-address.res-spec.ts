import { request } from 'node:http';
import type { StripeSandbox } from '@leadpulse/stripe-sandbox';
import { testDatabaseUrl } from '../support/test-app.js';
import { BackendProcess, startSandbox } from './support/backend-process.js';
import { ForwardingProxy } from './support/forwarding-proxy.js';

const LOGIN_LIMIT = 5;
/** Loopback addresses of this run's own (other test files count sign-ins from 127.0.0.1). */
const prefix = `127.${10 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}`;
const CLIENT = `${prefix}.1`;
const OTHER_CLIENT = `${prefix}.2`;

/** A failed sign-in through the proxy from the local address `from`, with `forwardedFor` forged. */
function signIn(proxyUrl: string, from: string, forwardedFor: string): Promise<number> {
  const url = new URL(`${proxyUrl}/api/auth/login`);
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' });
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': forwardedFor,
        },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/**
 * Behind one proxy that appends to X-Forwarded-For, with TRUST_PROXY=1: the per-address sign-in
 * limit counts the address the proxy saw, whatever the client writes in the header.
 */
describe('the client address behind a proxy', () => {
  let sandbox: StripeSandbox;
  let backend: BackendProcess;
  let proxy: ForwardingProxy;

  beforeAll(async () => {
    sandbox = await startSandbox();
    backend = await BackendProcess.start({
      databaseUrl: testDatabaseUrl(),
      stripeUrl: sandbox.url,
      env: {
        TRUST_PROXY: '1',
        LOGIN_MAX_FAILURES_PER_IP: String(LOGIN_LIMIT),
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
      },
    });
    proxy = new ForwardingProxy(backend.url);
    await proxy.listen();
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await backend?.stop();
    await sandbox?.stop();
  });

  it('limits sign-ins per address the proxy saw, however X-Forwarded-For is forged', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_LIMIT + 3; attempt += 1)
      statuses.push(await signIn(proxy.url, CLIENT, `198.51.100.${attempt}, 203.0.113.${attempt}`));
    expect(statuses.slice(0, LOGIN_LIMIT)).toEqual(Array<number>(LOGIN_LIMIT).fill(400));
    expect(statuses.slice(LOGIN_LIMIT)).toEqual([429, 429, 429]);
    // Another client address, as the proxy saw it, has its own count.
    expect(await signIn(proxy.url, OTHER_CLIENT, CLIENT)).toBe(400);
  });
});
