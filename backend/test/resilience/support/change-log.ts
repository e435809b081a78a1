import type { DataSource } from 'typeorm';

/**
 * Row triggers on every table of the application that log each committed insert, update and
 * delete: a rolled-back change leaves no trace, so the log holds exactly what was written.
 */
export class ChangeLog {
  private constructor(private readonly dataSource: DataSource) {}

  static async install(dataSource: DataSource): Promise<ChangeLog> {
    await dataSource.query(`
      CREATE SCHEMA IF NOT EXISTS resilience;
      CREATE TABLE IF NOT EXISTS resilience.changes (
        id bigserial PRIMARY KEY,
        table_name text NOT NULL,
        operation text NOT NULL,
        row_data jsonb NOT NULL
      );
      CREATE OR REPLACE FUNCTION resilience.log_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO resilience.changes (table_name, operation, row_data)
        VALUES (TG_TABLE_NAME, TG_OP, to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END));
        RETURN NULL;
      END $$;`);
    const tables = (await dataSource.query(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'`,
    )) as { tablename: string }[];
    for (const { tablename } of tables) {
      await dataSource.query(`
        DROP TRIGGER IF EXISTS resilience_change_log ON public."${tablename}";
        CREATE TRIGGER resilience_change_log AFTER INSERT OR UPDATE OR DELETE ON public."${tablename}"
          FOR EACH ROW EXECUTE FUNCTION resilience.log_change();`);
    }
    await dataSource.query(`TRUNCATE resilience.changes`);
    return new ChangeLog(dataSource);
  }

  /** The position of the newest change: what came after it is `since(position)`. */
  async position(): Promise<number> {
    const [{ id }] = (await this.dataSource.query(
      `SELECT coalesce(max(id), 0)::int AS id FROM resilience.changes`,
    )) as { id: number }[];
    return id;
  }

  async since(
    position: number,
  ): Promise<{ table_name: string; operation: string; row_data: Record<string, unknown> }[]> {
    return this.dataSource.query(
      `SELECT table_name, operation, row_data FROM resilience.changes WHERE id > $1 ORDER BY id`,
      [position],
    );
  }

  async uninstall(): Promise<void> {
    await this.dataSource.query(`DROP SCHEMA IF EXISTS resilience CASCADE`);
  }
}
