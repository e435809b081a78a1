import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'leadpulse-e2e-'));
}

export interface Product {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  exited: Promise<number | null>;
}

/**
 * The product as a newcomer runs it: `npm start`, on a free port, on the embedded database (or on
 * the PostgreSQL database `databaseUrl` names).
 */
export async function startProduct(
  options: {
    dataDir?: string;
    port?: number;
    timeoutMs?: number;
    env?: NodeJS.ProcessEnv;
    databaseUrl?: string;
  } = {},
): Promise<Product> {
  const dataDir = options.dataDir ?? freshDataDir();
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'development',
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close' waits for the server itself (which holds the pipes), not only for npm.
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => resolve(code)),
  );

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 240_000);
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    try {
      if ((await fetch(`${baseUrl}/api/health/database`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (gone || Date.now() >= deadline) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    throw new Error(`The product did not become healthy on ${baseUrl}:\n${output}`);
  }
  return {
    baseUrl,
    dataDir,
    process: child,
    output: () => output,
    exited,
    stop: async () => {
      try {
        // The server's own pid, so that npm reports the server's exit code.
        process.kill(readLock(dataDir).pid, 'SIGTERM');
      } catch {
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      return exited;
    },
  };
}

/** The pid and database port that the running server published in its data folder's lock. */
export function readLock(dataDir: string): { pid: number; port: number } {
  return JSON.parse(readFileSync(join(dataDir, 'leadpulse.lock'), 'utf8')) as {
    pid: number;
    port: number;
  };
}
