import type { DataSource, Migration } from 'typeorm';

/** Any constant, the same in every process: it keys the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 7_318_400_219;

/**
 * Runs `work` holding the PostgreSQL advisory lock that serialises schema changes across
 * processes: migrations, and pg-boss creating its schema and queues (two processes creating
 * queues at once deadlock on pg-boss's tables).
 */
export async function withSchemaLock<T>(
  dataSource: DataSource,
  work: () => Promise<T>,
): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await work();
  } finally {
    await runner
      .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    await runner.release();
  }
}

/**
 * Applies pending migrations, one transaction each, under a PostgreSQL advisory lock so that
 * several instances starting together migrate once.
 */
export function runMigrations(dataSource: DataSource): Promise<Migration[]> {
  return withSchemaLock(dataSource, () => dataSource.runMigrations({ transaction: 'each' }));
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
