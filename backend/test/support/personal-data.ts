import type { DataSource } from 'typeorm';

/** Every text and JSON column of every table of the database, PostgreSQL's own left out. */
const TEXT_COLUMNS = `
  SELECT c.table_schema, c.table_name, c.column_name
    FROM information_schema.columns c
    JOIN information_schema.tables t USING (table_schema, table_name)
   WHERE t.table_type = 'BASE TABLE'
     AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
     AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
          OR c.udt_name = 'citext')`;

/** Where any of the needles (case aside) still occurs: `schema.table.column` for each column. */
export async function occurrences(dataSource: DataSource, needles: string[]): Promise<string[]> {
  const columns = (await dataSource.query(TEXT_COLUMNS)) as {
    table_schema: string;
    table_name: string;
    column_name: string;
  }[];
  const found: string[] = [];
  for (const { table_schema, table_name, column_name } of columns) {
    const [{ hits }] = (await dataSource.query(
      `SELECT count(*)::int AS hits FROM "${table_schema}"."${table_name}"
        WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS n(needle)
                       WHERE strpos(lower("${column_name}"::text), n.needle) > 0)`,
      [needles.map((needle) => needle.toLowerCase())],
    )) as { hits: number }[];
    if (hits > 0) found.push(`${table_schema}.${table_name}.${column_name}`);
  }
  return found;
}
