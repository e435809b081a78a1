import pg from 'pg';
import type PgBoss from 'pg-boss';

/**
 * pg-boss's connections: a pool of its own that knows which statements are under way. pg's pool,
 * once ended, leaves a request still waiting for a connection waiting for ever, so a worker whose
 * fetch waited there would never stop. This pool is ended only once nothing is under way.
 */
export class JobsDb implements PgBoss.Db {
  private readonly pool: pg.Pool;
  private readonly running = new Set<Promise<unknown>>();

  constructor(config: pg.PoolConfig, onError: (error: Error) => void) {
    this.pool = new pg.Pool(config);
    // An idle connection the server drops; the pool replaces it.
    this.pool.on('error', onError);
  }

  executeSql(text: string, values?: unknown[]): Promise<pg.QueryResult> {
    const statement = this.pool.query(text, values);
    this.running.add(statement);
    const done = () => this.running.delete(statement);
    statement.then(done, done);
    return statement;
  }

  /** The statements under way now. */
  get underWay(): Promise<unknown>[] {
    return [...this.running];
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
