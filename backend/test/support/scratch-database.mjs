// Plain JavaScript, so that Jest's global setup, the suites and the browser journeys' setup share it.
import pg from 'pg';

/**
 * A new, empty database named `name` on the server of `serverUrl` (never the database that URL
 * names), and how to drop it.
 */
export async function scratchDatabase(serverUrl, name) {
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
