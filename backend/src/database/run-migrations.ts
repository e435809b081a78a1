import type { DataSource, Migration } from 'typeorm';

/** Any constant, the same in every process: it keys the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 7_318_400_219;

/**
 * Applies pending migrations, one transaction each, under a PostgreSQL advisory lock so that
 * several instances starting together migrate once.
 */
export async function runMigrations(dataSource: DataSource): Promise<Migration[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner
      .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    await runner.release();
  }
}

/** The SQL that would bring the schema in line with the entities; empty when they agree. */
export async function pendingSchemaChanges(
  dataSource: DataSource,
): Promise<{ up: string[]; down: string[] }> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return {
    up: sql.upQueries.map((query) => query.query),
    down: sql.downQueries.map((query) => query.query),
  };
}
