// Plain JavaScript: Jest loads global setup outside its ESM test runtime, so this imports the
// built backend (the test:int script builds it first).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { EmbeddedDatabase } from '../dist/database/embedded-database.js';
import { stripeSchemasFolder } from './support/stripe-schemas.mjs';

/**
 * One database for the run: a fresh database on the server of DATABASE_URL when it is set
 * (never the one it names, so a developer's data is safe), otherwise an embedded PostgreSQL.
 */
export default async function globalSetup() {
  // The Stripe schemas the sandbox's answers are checked against, generated before any test
  // needs them (about 15 s, once per version of the `stripe` package).
  await stripeSchemasFolder();
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `leadpulse_test_${process.pid}_${Date.now()}`;
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`CREATE DATABASE "${name}"`);
    await client.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    process.env.TEST_DATABASE_URL = url.toString();
    process.env.TEST_DATABASE_KIND = 'server';
    globalThis.__TEST_DATABASE__ = { adminUrl: serverUrl, name };
    return;
  }
  const embedded = await EmbeddedDatabase.start(mkdtempSync(join(tmpdir(), 'leadpulse-test-')));
  process.env.TEST_DATABASE_URL = embedded.url;
  process.env.TEST_DATABASE_KIND = 'embedded';
  globalThis.__EMBEDDED_DATABASE__ = embedded;
}
