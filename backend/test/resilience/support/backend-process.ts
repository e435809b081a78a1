import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StripeSandbox } from '@leadpulse/stripe-sandbox';
import { TEST_JWT_SECRET, TEST_WEBHOOK_SECRET } from '../../support/test-app.js';

const MAIN = join(dirname(fileURLToPath(import.meta.url)), '../../../dist/bundle/main.js');
/** How much of the process's output is kept. */
const LOG_CHARACTERS = 200_000;

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

/** A Stripe sandbox for backend processes to share; it sends no webhooks (tests sign their own). */
export async function startSandbox(): Promise<StripeSandbox> {
  const sandbox = new StripeSandbox({
    webhookSecret: TEST_WEBHOOK_SECRET,
    webhookUrl: () => undefined,
  });
  await sandbox.start();
  return sandbox;
}

/** The built backend (`dist/bundle/main.js`) in a process of its own, as production runs it. */
export class BackendProcess {
  private child?: ChildProcess;
  private output = '';
  readonly url: string;

  private constructor(
    private readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /**
   * Starts a backend on `databaseUrl`, talking to the Stripe at `stripeUrl`, and waits until
   * it answers its database health check.
   */
  static async start(options: {
    databaseUrl: string;
    stripeUrl: string;
    env?: NodeJS.ProcessEnv;
  }): Promise<BackendProcess> {
    const backend = new BackendProcess(await freePort(), {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'leadpulse-resilience-')),
      JWT_SECRET: TEST_JWT_SECRET,
      STRIPE_SECRET_KEY: 'sk_test_resilience',
      STRIPE_API_URL: options.stripeUrl,
      STRIPE_PRICE_FOUNDING: 'price_founding_member',
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      APP_URL: 'http://localhost:3000',
      JOBS_POLL_INTERVAL_SECONDS: '0.5',
      ...options.env,
    });
    await backend.restart();
    return backend;
  }

  /** What the process printed (its last 200,000 characters: a start at info level maps every route). */
  get log(): string {
    return this.output;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process again (after a kill), on the same port and settings. */
  async restart(): Promise<void> {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) =>
      (this.output = (this.output + chunk.toString()).slice(-LOG_CHARACTERS));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`backend exited at start:\n${this.log}`);
      const healthy = await fetch(`${this.url}/api/health/database`)
        .then((response) => response.ok)
        .catch(() => false);
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`backend did not become healthy:\n${this.log}`);
  }

  /** `kill -9`: no shutdown hook runs, open transactions die with their connections. */
  async crash(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** A clean stop (SIGTERM): in-flight work finishes first. Resolves to the exit status. */
  async stop(): Promise<number | null> {
    return this.signal('SIGTERM');
  }

  private async signal(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null)
      return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill(signal);
    return exited;
  }
}
