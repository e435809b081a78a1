import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import Stripe from 'stripe';

/** The repository's root (this file runs from bench/dist). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a URL until it answers 200; resolves with the milliseconds it took. */
export async function waitForOk(
  url: string,
  timeoutMs = 60_000,
  since = Date.now(),
): Promise<number> {
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return Date.now() - since;
    } catch {
      // not listening yet
    }
    if (Date.now() - since > timeoutMs) throw new Error(`${url} did not answer 200 in time`);
    await sleep(25);
  }
}

export interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a Node process that serves HTTP on `port`, and waits until `readyPath` answers 200. Its
 * standard output goes to `logFile` when given (discarded otherwise); an `env` entry set to
 * undefined is removed from the inherited environment.
 */
export async function startServer(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  options: { readyPath?: string; logFile?: string } = {},
): Promise<Server> {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port) };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const output = options.logFile ? openSync(options.logFile, 'a') : 'ignore';
  const child = spawn(command, args, {
    cwd: ROOT,
    env: merged,
    stdio: ['ignore', output, 'pipe'],
  });
  if (typeof output === 'number') closeSync(output);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([
      waitForOk(`${url}${options.readyPath ?? '/api/health/database'}`),
      new Promise((_, reject) =>
        child.once('exit', (code) =>
          reject(new Error(`${args.join(' ')} exited with ${code}: ${stderr}`)),
        ),
      ),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { url, child, stop: () => stopProcess(child) };
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers that were not 2xx, and connection errors or timeouts. */
  failures: number;
  /** The load generator's CPU use (this process) over the load, in cores (1 = one core busy). */
  generatorCpu: number;
  /** The server process's CPU use over the load, in cores, when its process was given. */
  serverCpu?: number;
  /**
   * CPU time the virtual machine's host gave to others over the load ("steal"), in cores, on
   * Linux: what this machine could not use, however idle its own processes left it.
   */
  stolenCpu?: number;
}

/** The machine's steal time so far, in seconds (all cores), from /proc/stat; else undefined. */
export function stolenCpuSeconds(): number | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    // cpu user nice system idle iowait irq softirq steal …
    return fields[0] === 'cpu' && fields[8] !== undefined
      ? Number(fields[8]) / CLOCK_TICKS
      : undefined;
  } catch {
    return undefined;
  }
}

/** CPU seconds (user and system) a process has used so far: Linux's /proc, else undefined. */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
/** USER_HZ: 100 on every Linux architecture the bench runs on. */
const CLOCK_TICKS = 100;

/**
 * Drives a server with autocannon (the load generator runs in this process, the server in its
 * own) and reads every response's latency, for exact percentiles. `server` is the process whose
 * CPU use is read alongside the generator's.
 */
export async function load(
  options: autocannon.Options,
  server?: ChildProcess,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const cpuBefore = process.cpuUsage();
  const serverBefore = processCpuSeconds(server?.pid);
  const stolenBefore = stolenCpuSeconds();
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...options, timeout: 10 }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
      latencies.push(ms),
    );
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const serverAfter = processCpuSeconds(server?.pid);
  const stolenAfter = stolenCpuSeconds();
  latencies.sort((a, b) => a - b);
  const round = (value: number) => Number(value.toFixed(2));
  return {
    requestsPerSecond: round(result.requests.total / result.duration),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    p99Ms: round(percentile(latencies, 99)),
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    generatorCpu: round((cpu.user + cpu.system) / 1e6 / wallSeconds),
    ...(serverBefore !== undefined && serverAfter !== undefined
      ? { serverCpu: round((serverAfter - serverBefore) / wallSeconds) }
      : {}),
    ...(stolenBefore !== undefined && stolenAfter !== undefined
      ? { stolenCpu: round((stolenAfter - stolenBefore) / wallSeconds) }
      : {}),
  };
}

/** A server's log file, to count what it wrote while a load ran. */
export class LogFile {
  constructor(readonly path: string) {}

  /** The file's size now: where the next lines start. */
  mark(): number {
    try {
      return statSync(this.path).size;
    } catch {
      return 0;
    }
  }

  /** The lines written since `mark`, and how many of them name `reqId` more than once. */
  since(mark: number): { lines: number; duplicateReqId: number } {
    const buffer = Buffer.alloc(Math.max(0, this.mark() - mark));
    const fd = openSync(this.path, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, mark);
    } finally {
      closeSync(fd);
    }
    const text = buffer.toString('utf8');
    const lines = text.split('\n').filter(Boolean);
    return {
      lines: lines.length,
      duplicateReqId: lines.filter((line) => line.split('"reqId":').length > 2).length,
    };
  }
}

/** The access tokens' key of the product the bench starts; the /api/me baseline verifies with it. */
export const JWT_SECRET = 'bench-jwt-secret-that-is-long-enough-0123456789';

/**
 * The built product (backend/dist/bundle/main.js) on PostgreSQL at `databaseUrl`, with an administrator,
 * a webhook secret and a metrics token, and its own Stripe sandbox. `production` runs it as
 * production does: NODE_ENV=production and JSON logs at the default level (to `logFile`);
 * otherwise in development mode, logging warnings only.
 */
export async function startProduct(options: {
  databaseUrl: string;
  dataDir: string;
  admin: { email: string; password: string };
  webhookSecret: string;
  metricsToken: string;
  production?: boolean;
  logFile?: string;
  env?: NodeJS.ProcessEnv;
}): Promise<Server> {
  return startServer(
    process.execPath,
    [join(ROOT, 'backend/dist/bundle/main.js')],
    {
      NODE_ENV: options.production ? 'production' : 'development',
      LOG_LEVEL: options.production ? undefined : 'warn',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      JWT_SECRET,
      MFA_ENCRYPTION_KEY: '6b'.repeat(32),
      // The bench's administrator signs in with a password alone, as the back office's load is
      // measured, not its sign-in.
      ADMIN_MFA_REQUIRED: 'false',
      STRIPE_WEBHOOK_SECRET: options.webhookSecret,
      METRICS_TOKEN: options.metricsToken,
      ...options.env,
    },
    await freePort(),
    { logFile: options.logFile },
  );
}

const signer = new Stripe('sk_test_bench');

/** A new Stripe event (no handler acts on its type) and its signature header. */
export function signedBalanceEvent(secret: string): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: `evt_bench_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: '2025-03-31.basil',
    created: Math.floor(Date.now() / 1000),
    type: 'balance.available',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { object: 'balance', available: [], pending: [] } },
  });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** Runs `work` on a fresh connection to `url`, closed afterwards. */
export async function withDatabase<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Signs in through the API; the access token. */
export async function signIn(
  url: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}
