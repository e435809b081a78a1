import type { Pool, QueryResultRow } from 'pg';
import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/**
 * A read of one row by one column, compiled once: the entity's columns come from TypeORM's
 * metadata and the query runs on TypeORM's own pool. On a hot route this saves building the SQL
 * of `findOneBy` and hydrating an entity on every call (a tenth of `GET /api/me`,
 * bench/RESULTS.md). The statement is sent unnamed: with the embedded database every connection
 * shares PostgreSQL's one session, where one connection's named statement clashes with another's.
 * The row has the entity's fields, as node-postgres types them
 * (the same values TypeORM hands over for the column types this is used with: no transformers).
 */
export function preparedRead<T extends ObjectLiteral>(
  dataSource: DataSource,
  entity: EntityTarget<T>,
  column: keyof T & string,
): (value: unknown) => Promise<T | null> {
  let statement: { text: string } | undefined;
  const compile = () => {
    const metadata = dataSource.getMetadata(entity);
    if (metadata.columns.some((each) => each.transformer))
      throw new Error(`${metadata.name} has transformed columns: read it with TypeORM`);
    const columns = metadata.columns.map((each) => `"${each.databaseName}"`).join(', ');
    const key = metadata.findColumnWithPropertyName(column)!.databaseName;
    return {
      text: `SELECT ${columns} FROM "${metadata.tableName}" WHERE "${key}" = $1 LIMIT 1`,
    };
  };
  return async (value) => {
    statement ??= compile();
    const { rows } = await poolOf(dataSource).query<T>({ text: statement.text, values: [value] });
    return rows[0] ?? null;
  };
}

/**
 * A statement of a hot route, run on TypeORM's pool. On a PostgreSQL server it is named, so each
 * connection parses and plans it once instead of on every call (for the webhook's insert that
 * was half of the database's work). PGlite, the embedded database, runs every connection in one
 * session, where a second connection's Parse of the same name fails: there it stays unnamed.
 */
export function preparedStatement<T extends QueryResultRow>(
  dataSource: DataSource,
  name: string,
  text: string,
): (values: unknown[]) => Promise<T[]> {
  let named: boolean | undefined;
  return async (values) => {
    const pool = poolOf(dataSource);
    named ??= !(await isPglite(pool));
    const { rows } = await pool.query<T>(named ? { name, text, values } : { text, values });
    return rows;
  };
}

async function isPglite(pool: Pool): Promise<boolean> {
  const { rows } = await pool.query<{ version: string }>('SELECT version()');
  return rows[0].version.includes('PGlite');
}

/** TypeORM's own pool, for the cheapest round trip (the readiness probe's `SELECT 1`). */
export function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as PostgresDriver).master as Pool;
}
