import pg from 'pg';

/** Drops the run's database and every worker's clone of it (or stops the embedded one). */
export default async function globalTeardown() {
  await globalThis.__EMBEDDED_DATABASE__?.stop();
  const server = globalThis.__TEST_DATABASE__;
  if (server) {
    const client = new pg.Client({ connectionString: server.adminUrl });
    await client.connect();
    const { rows } = await client.query(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $1 || '\\_w%'`,
      [server.name],
    );
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await client.end();
  }
}
