import pg from 'pg';
import { testDatabaseUrl } from './support/test-app.js';

describe('the database connection', () => {
  it('serves concurrent parameterised queries and transactions from many connections', async () => {
    const pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 10 });
    try {
      const queries = Array.from({ length: 200 }, (_, i) =>
        i % 10 === 0
          ? (async () => {
              const client = await pool.connect();
              try {
                await client.query('BEGIN');
                const { rows } = await client.query('SELECT $1::int * 2 AS doubled', [i]);
                await client.query('COMMIT');
                return rows[0].doubled as number;
              } finally {
                client.release();
              }
            })()
          : pool
              .query('SELECT $1::int * 2 AS doubled, $2::text AS label', [i, `n${i}`])
              .then(({ rows }) => rows[0].doubled as number),
      );
      const results = await Promise.all(queries);
      expect(results).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
    } finally {
      await pool.end();
    }
  });
});
