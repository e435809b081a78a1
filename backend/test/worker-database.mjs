// Each integration worker's own database: a clone of the run's migrated database (global setup),
// so that parallel workers never see each other's rows, jobs or locks.
import { beforeAll } from '@jest/globals';
import pg from 'pg';

const template = process.env.TEST_DATABASE_URL;
const worker = process.env.JEST_WORKER_ID;

if (process.env.TEST_DATABASE_KIND === 'server' && template && worker) {
  const url = new URL(template);
  const templateName = url.pathname.slice(1);
  const name = `${templateName}_w${worker}`;
  url.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL = url.toString();
  beforeAll(async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_SERVER_URL });
    await client.connect();
    try {
      // A worker keeps its database from one test file to the next (each file empties the
      // tables it uses first, as in one process); a restarted worker finds it made.
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        name,
      ]);
      if (rowCount === 0)
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
    } finally {
      await client.end();
    }
  });
}
