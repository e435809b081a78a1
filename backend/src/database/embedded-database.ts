import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { DataFolderLock } from './data-folder-lock.js';

/** Above the sum of every pool that connects (TypeORM, the job queue, admin tools). */
const MAX_CONNECTIONS = 100;

/**
 * PostgreSQL compiled to WebAssembly, running inside this process with its data under
 * `<dataDir>/pg`, reachable over a loopback socket so that the same `pg` driver, migrations and
 * queries serve it and a real server alike.
 */
export class EmbeddedDatabase {
  private constructor(
    private readonly lock: DataFolderLock,
    private readonly db: PGlite,
    private readonly server: PGLiteSocketServer,
    readonly url: string,
  ) {}

  static async start(dataDir: string): Promise<EmbeddedDatabase> {
    const lock = DataFolderLock.acquire(dataDir);
    try {
      const pgDir = join(dataDir, 'pg');
      mkdirSync(pgDir, { recursive: true });
      // We hold the folder's lock, so a postmaster.pid can only be a crashed run's leftover.
      const pidFile = join(pgDir, 'postmaster.pid');
      if (existsSync(pidFile)) rmSync(pidFile);

      const db = await PGlite.create(pgDir, { extensions: { citext, pg_trgm, pgcrypto } });
      const server = new PGLiteSocketServer({
        db,
        host: '127.0.0.1',
        port: 0,
        maxConnections: MAX_CONNECTIONS,
      });
      await server.start();
      const port = Number(server.getServerConn().split(':').at(-1));
      lock.update({ port });
      return new EmbeddedDatabase(
        lock,
        db,
        server,
        `postgres://postgres@127.0.0.1:${port}/postgres`,
      );
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  /** Closes the socket and shuts PostgreSQL down cleanly (a checkpoint), then frees the folder. */
  async stop(): Promise<void> {
    try {
      await this.server.stop();
      if (!this.db.closed) await this.db.close();
    } finally {
      this.lock.release();
    }
  }
}
