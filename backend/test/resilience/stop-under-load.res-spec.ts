import { Agent, request } from 'node:http';
import type { StripeSandbox } from '@leadpulse/stripe-sandbox';
import { FakeSendGrid } from '../support/fake-sendgrid.js';
import { testDatabaseUrl } from '../support/test-app.js';
import { BackendProcess, startSandbox } from './support/backend-process.js';

const SHUTDOWN_TIMEOUT_MS = 5_000;
const REQUESTS_PER_SECOND = 40;

type Outcome = { status?: number; connection?: string; error?: string };

/**
 * One request over `agent`'s kept-alive connections: a read, or a newsletter sign-up (a write
 * that queues a job).
 */
function send(agent: Agent, base: string, index: number): Promise<Outcome> {
  const write = index % 2 === 1;
  const body = JSON.stringify({ email: `stop.${index}.${Date.now()}@example.com` });
  const url = `${base}/api/${write ? 'newsletter' : 'health/database'}`;
  const headers = write
    ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
    : {};
  return new Promise((resolve) => {
    const sent = request(url, { agent, method: write ? 'POST' : 'GET', headers }, (answer) => {
      answer.resume();
      answer.on('end', () =>
        resolve({ status: answer.statusCode, connection: answer.headers.connection }),
      );
      answer.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code }));
    });
    sent.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code }));
    sent.end(write ? body : undefined);
  });
}

/**
 * SIGTERM while a load balancer's keep-alive connections carry steady traffic: every request
 * that reaches the server is answered, and the process exits 0 within SHUTDOWN_TIMEOUT_MS.
 */
describe('a stop under load', () => {
  let sandbox: StripeSandbox;
  let backend: BackendProcess;
  // A slow provider: the e-mails the sign-ups queue are being sent when the stop comes.
  const sendgrid = new FakeSendGrid();
  sendgrid.script = Array<'hang'>(1000).fill('hang');

  beforeAll(async () => {
    await sendgrid.listen();
    sandbox = await startSandbox();
    backend = await BackendProcess.start({
      databaseUrl: testDatabaseUrl(),
      stripeUrl: sandbox.url,
      env: {
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
        RATE_LIMIT_SUBSCRIBE: '100000',
        SENDGRID_API_KEY: 'SG.test-key-0123456789',
        SENDGRID_API_URL: sendgrid.url,
        MAIL_FROM: 'LeadPulse <hello@leadpulse.example>',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await backend?.stop();
    await sandbox?.stop();
    await sendgrid.close();
  });

  it('answers every request and exits 0 within the timeout', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const outcomes: Promise<Outcome>[] = [];
    let sending = true;
    const load = (async () => {
      while (sending) {
        outcomes.push(send(agent, backend.url, outcomes.length));
        await new Promise((resolve) => setTimeout(resolve, 1000 / REQUESTS_PER_SECOND));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const before = outcomes.length;

    const stopping = Date.now();
    const status = await backend.stop();
    const took = Date.now() - stopping;
    sending = false;
    await load;
    const answered = await Promise.all(outcomes);
    agent.destroy();

    expect({ status, withinTimeout: took < SHUTDOWN_TIMEOUT_MS }).toEqual({
      status: 0,
      withinTimeout: true,
    });
    // A connection refused never reached the server (a load balancer sends it elsewhere);
    // anything else is a request lost.
    const failed = answered.filter(
      (outcome) =>
        outcome.error !== 'ECONNREFUSED' && !(outcome.status! >= 200 && outcome.status! < 300),
    );
    expect(failed).toEqual([]);
    // Requests kept coming on the open connections after the signal: they were answered, and
    // told the connection closes.
    const after = answered.slice(before).filter((outcome) => outcome.status);
    expect(after.length).toBeGreaterThan(0);
    expect(after.at(-1)?.connection).toBe('close');
  }, 60_000);
});
