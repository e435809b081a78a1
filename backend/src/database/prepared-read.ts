import type { Pool, QueryResultRow } from 'pg';
import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/** Column types whose JSON value is the one node-postgres gives for their text. */
const AS_IS = new Set([
  'character varying',
  'varchar',
  'text',
  'citext',
  'uuid',
  'boolean',
  'integer',
  'smallint',
  'json',
  'jsonb',
]);
/**
 * Column types whose JSON value is their text with a `T` for the space: read by the parser the
 * pool's node-postgres has for them (by the name of their type in its `types.builtins`).
 */
const DATE_TYPES = new Map([
  ['timestamp with time zone', 'TIMESTAMPTZ'],
  ['timestamp without time zone', 'TIMESTAMP'],
  ['date', 'DATE'],
]);

type TypeParsers = typeof import('pg').types;

/**
 * A read of one row by one column, compiled once: the entity's columns come from TypeORM's
 * metadata and the query runs on TypeORM's own pool as a prepared statement (see below). On a
 * hot route this saves building the SQL of `findOneBy` and hydrating an entity on every call (a
 * tenth of `GET /api/me`, bench/RESULTS.md), and PostgreSQL's parsing and planning of it.
 *
 * PostgreSQL answers the row as one JSON value: node-postgres describes every column of a
 * result on every call, which for the 35 columns of `users` was a sixth of `GET /api/me`'s time.
 * The row has the entity's fields with the values node-postgres gives TypeORM (dates through
 * pg's own parser); an entity with another column type or a transformer is refused.
 */
export function preparedRead<T extends ObjectLiteral>(
  dataSource: DataSource,
  entity: EntityTarget<T>,
  column: keyof T & string,
): (value: unknown) => Promise<T | null> {
  let read: ((values: unknown[]) => Promise<{ row: T }[]>) | undefined;
  let dates: [string, (text: string) => unknown][] = [];
  const compile = () => {
    const metadata = dataSource.getMetadata(entity);
    const columns = metadata.columns.map((each) => {
      const type = dataSource.driver.normalizeType(each);
      if (each.transformer || (!AS_IS.has(type) && !DATE_TYPES.has(type)))
        throw new Error(`${metadata.name}.${each.propertyName} (${type}): read it with TypeORM`);
      if (each.propertyName !== each.databaseName)
        throw new Error(`${metadata.name}.${each.propertyName} is renamed: read it with TypeORM`);
      return { name: each.databaseName, date: DATE_TYPES.get(type) };
    });
    const types = (dataSource.driver as PostgresDriver).postgres.types as TypeParsers;
    dates = columns
      .filter((each) => each.date !== undefined)
      .map(({ name, date }) => [
        name,
        types.getTypeParser(types.builtins[date as keyof typeof types.builtins], 'text'),
      ]);
    const key = metadata.findColumnWithPropertyName(column)!.databaseName;
    return preparedStatement<{ row: T }>(
      dataSource,
      `read_${metadata.tableName}_by_${key}`,
      `SELECT row_to_json(found) AS row FROM (SELECT ${columns
        .map(({ name }) => `"${name}"`)
        .join(', ')} FROM "${metadata.tableName}" WHERE "${key}" = $1 LIMIT 1) AS found`,
    );
  };
  return async (value) => {
    read ??= compile();
    const rows = await read([value]);
    if (rows.length === 0) return null;
    const row: Record<string, unknown> = rows[0].row;
    for (const [name, parse] of dates) {
      const text = row[name];
      if (typeof text === 'string') row[name] = parse(text.replace('T', ' '));
    }
    return row as T;
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
