// Plain JavaScript: Jest loads global setup outside its ESM test runtime, so this imports the
// built backend (the test:int script builds it first).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EmbeddedDatabase } from '../dist/database/embedded-database.js';
import { scratchDatabase } from './support/scratch-database.mjs';
import { recordTrafficOfTheRun } from '@leadpulse/stripe-sandbox/fidelity';
import { stripeSchemasFolder } from '@leadpulse/stripe-sandbox/stripe-schemas';

const backend = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * One database for the run: a fresh database on the server of DATABASE_URL when it is set
 * (never the one it names, so a developer's data is safe), migrated here so that it also serves
 * as the template each parallel worker's own database is cloned from (`test/worker-database.mjs`);
 * otherwise an embedded PostgreSQL (one process: the run stays in band).
 */
export default async function globalSetup() {
  // The Stripe schemas the sandbox's answers are checked against, generated before any test
  // needs them (about 15 s, once per version of the `stripe` package).
  await stripeSchemasFolder();
  // Every sandbox's traffic, left here by the test files and checked once when the run ends.
  recordTrafficOfTheRun();
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const database = await scratchDatabase(
      serverUrl,
      `leadpulse_test_${process.pid}_${Date.now()}`,
    );
    process.env.TEST_DATABASE_URL = database.url;
    process.env.TEST_DATABASE_KIND = 'server';
    process.env.TEST_DATABASE_SERVER_URL = serverUrl;
    globalThis.__TEST_DATABASE__ = { adminUrl: serverUrl, name: database.name };
    migrate(database.url);
    return;
  }
  const embedded = await EmbeddedDatabase.start(mkdtempSync(join(tmpdir(), 'leadpulse-test-')));
  process.env.TEST_DATABASE_URL = embedded.url;
  process.env.TEST_DATABASE_KIND = 'embedded';
  globalThis.__EMBEDDED_DATABASE__ = embedded;
}

/** The migrations, as `npm run migrate` applies them, so that no worker runs them again. */
function migrate(databaseUrl) {
  const result = spawnSync(process.execPath, ['dist/database/migration-cli.js', 'run'], {
    cwd: backend,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0)
    throw new Error(`Migrating the test database failed (${result.status}).`);
}
