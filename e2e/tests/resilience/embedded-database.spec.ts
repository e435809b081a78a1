import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import {
  freshDataDir,
  readLock,
  repoRoot,
  startProduct,
  type Product,
} from '../../support/product.js';

test.describe.configure({ mode: 'serial' });

/** A product on an embedded database of its own (the other journeys' may run on a server). */
let running: Product;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  running = await startProduct();
});

test.afterAll(async () => {
  if (!running) return;
  await running.stop();
  rmSync(running.dataDir, { recursive: true, force: true });
});

test('a second npm start on the same data folder refuses with a clear message', () => {
  const dataDir = running.dataDir;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0' };
  delete env.DATABASE_URL;
  const second = spawnSync('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(second.status).toBe(1);
  expect(second.stdout + second.stderr).toContain(
    `The embedded database in ${dataDir} is in use by another process`,
  );

  const migrate = spawnSync('npm', ['run', 'migrate', '--silent'], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(migrate.status).toBe(1);
  expect(migrate.stdout + migrate.stderr).toContain('is in use by another process');
});

test('kill -9 in the middle of writes loses no committed row, and the next start cleans up', async () => {
  test.setTimeout(180_000);
  const dataDir = freshDataDir();
  const first = await startProduct({ dataDir });
  const { pid, port } = readLock(dataDir);

  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await client.connect();
  client.on('error', () => undefined);
  await client.query('CREATE TABLE crash_probe (id integer PRIMARY KEY, payload text NOT NULL)');

  const committed: number[] = [];
  // Inserts one row at a time until the connection dies; a row counts once its INSERT returned.
  const writer = (async () => {
    for (let id = 1; ; id++) {
      try {
        await client.query('INSERT INTO crash_probe (id, payload) VALUES ($1, $2)', [
          id,
          'x'.repeat(512),
        ]);
        committed.push(id);
      } catch {
        return;
      }
    }
  })();
  // Killed once rows are being committed, mid-stream.
  await expect.poll(() => committed.length, { timeout: 30_000 }).toBeGreaterThan(100);
  process.kill(pid, 'SIGKILL');
  await writer;
  await first.exited;
  expect(committed.length).toBeGreaterThan(50);
  expect(existsSync(join(dataDir, 'leadpulse.lock'))).toBe(true);

  const second = await startProduct({ dataDir });
  try {
    const reopened = new pg.Client({
      host: '127.0.0.1',
      port: readLock(dataDir).port,
      user: 'postgres',
      database: 'postgres',
    });
    await reopened.connect();
    const { rows } = await reopened.query<{ id: number }>('SELECT id FROM crash_probe ORDER BY id');
    await reopened.end();
    const present = new Set(rows.map((row) => row.id));
    expect(committed.filter((id) => !present.has(id))).toEqual([]);
    expect((await fetch(`${second.baseUrl}/api/health`)).status).toBe(200);
  } finally {
    expect(await second.stop()).toBe(0);
    expect(second.output()).toContain('Stopped cleanly');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('SIGTERM stops the server cleanly and frees the data folder', async () => {
  const dataDir = freshDataDir();
  const product = await startProduct({ dataDir });
  const { pid } = readLock(dataDir);
  process.kill(pid, 'SIGTERM');
  expect(await product.exited).toBe(0);
  expect(product.output()).toContain('Stopped cleanly');
  expect(existsSync(join(dataDir, 'leadpulse.lock'))).toBe(false);
  rmSync(dataDir, { recursive: true, force: true });
});

test('create-admin works through the running server, and the new admin can sign in', async ({
  request,
}) => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: running.dataDir };
  delete env.DATABASE_URL;
  const result = spawnSync(
    'npm',
    [
      'run',
      'create-admin',
      '--silent',
      '--',
      '--email',
      'ops@example.com',
      '--password',
      'operations passphrase',
    ],
    { cwd: repoRoot, env, encoding: 'utf8', timeout: 60_000 },
  );
  expect(result.stdout + result.stderr).toContain('Created administrator ops@example.com');
  expect(result.status).toBe(0);

  const login = await request.post(`${running.baseUrl}/api/auth/login`, {
    data: { email: 'ops@example.com', password: 'operations passphrase' },
  });
  expect(login.status()).toBe(200);
  const { access_token } = await login.json();
  const identity = await request.get(`${running.baseUrl}/api/admin/identity`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(identity.status()).toBe(200);
  expect(await identity.json()).toMatchObject({ email: 'ops@example.com', is_admin: true });
});
