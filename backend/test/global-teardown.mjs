import pg from 'pg';

export default async function globalTeardown() {
  await globalThis.__EMBEDDED_DATABASE__?.stop();
  const server = globalThis.__TEST_DATABASE__;
  if (server) {
    const client = new pg.Client({ connectionString: server.adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${server.name}" WITH (FORCE)`);
    await client.end();
  }
}
