import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** Above the sum of every pool that connects (TypeORM, the job queue, admin tools). */
const MAX_CONNECTIONS = 100;

/** Frontend messages that open or continue an extended-protocol cycle, which Sync closes. */
const EXTENDED_PROTOCOL = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((type) => type.charCodeAt(0)));

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

interface QueryQueue {
  db: PGlite;
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  cycleOpen?: boolean;
  processQueue(): Promise<void>;
  clearTransactionIfNeeded(handlerId: number): Promise<void>;
}

/**
 * Every connection shares PGlite's one session, and pglite-socket 0.2.17 runs their messages one
 * at a time in arrival order, keeping a connection's messages together only inside a
 * transaction. Two connections running parameterised queries at once then interleave Parse and
 * Bind, and one fails with "unnamed prepared statement does not exist". This keeps each
 * connection's Parse…Sync cycle together too.
 */
function serialiseProtocolCycles(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue: QueryQueue }).queryQueue;
  queue.processQueue = async function (this: QueryQueue) {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = this.db.isInTransaction() || this.cycleOpen ? this.lastHandlerId : null;
        const index = owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === owner);
        if (index === -1) break; // the owner's next message has not arrived yet
        const [item] = this.queue.splice(index, 1);
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          item.reject(error);
          continue;
        }
        this.cycleOpen = EXTENDED_PROTOCOL.has(item.message[0]);
        this.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };
  // A connection that goes away mid-transaction or mid-cycle must not hold the queue.
  queue.clearTransactionIfNeeded = async function (this: QueryQueue, handlerId: number) {
    if (this.lastHandlerId !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.cycleOpen = false;
    this.lastHandlerId = null;
    await this.processQueue();
  };
}

/** PostgreSQL running in this thread, and the loopback port its socket server answers on. */
export interface EmbeddedPostgres {
  port: number;
  stop(): Promise<void>;
}

/**
 * PostgreSQL compiled to WebAssembly, with its data under `pgDir`, reachable over a loopback
 * socket so that the same `pg` driver, migrations and queries serve it and a real server alike.
 * The caller holds the data folder's lock.
 */
export async function startEmbeddedPostgres(pgDir: string): Promise<EmbeddedPostgres> {
  mkdirSync(pgDir, { recursive: true });
  // The folder's lock is held, so a postmaster.pid can only be a crashed run's leftover.
  const pidFile = join(pgDir, 'postmaster.pid');
  if (existsSync(pidFile)) rmSync(pidFile);

  const db = await PGlite.create(pgDir, { extensions: { citext, pg_trgm, pgcrypto } });
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: 0,
    maxConnections: MAX_CONNECTIONS,
  });
  serialiseProtocolCycles(server);
  await server.start();
  return {
    port: Number(server.getServerConn().split(':').at(-1)),
    // Closes the socket and shuts PostgreSQL down cleanly (a checkpoint).
    stop: async () => {
      await server.stop();
      if (!db.closed) await db.close();
    },
  };
}
