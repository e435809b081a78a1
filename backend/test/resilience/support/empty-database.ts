import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { testDatabaseUrl } from '../../support/test-app.js';

/** A new, empty database on the test database's server; dropped by the returned function. */
export async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = testDatabaseUrl();
  const name = `leadpulse_start_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
