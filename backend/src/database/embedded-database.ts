import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DataFolderLock } from './data-folder-lock.js';
import type { EmbeddedDatabaseReport } from './embedded-database-worker.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';

/** The worker's entry, built next to this file (absent where the sources run untranspiled). */
const WORKER = fileURLToPath(new URL('./embedded-database-worker.js', import.meta.url));

/**
 * The embedded PostgreSQL of a data folder (`<dataDir>/pg`), holding the folder's lock while it
 * runs. It runs in a worker thread of its own: PGlite's start (compiling PostgreSQL's WebAssembly,
 * opening the data) overlaps the application's, and its queries leave the main thread free.
 */
export class EmbeddedDatabase {
  private constructor(
    private readonly lock: DataFolderLock,
    private readonly postgres: EmbeddedPostgres,
    readonly url: string,
  ) {}

  static async start(dataDir: string): Promise<EmbeddedDatabase> {
    const lock = DataFolderLock.acquire(dataDir);
    try {
      const pgDir = join(dataDir, 'pg');
      const postgres = existsSync(WORKER)
        ? await inWorker(pgDir)
        : await startEmbeddedPostgres(pgDir);
      lock.update({ port: postgres.port });
      return new EmbeddedDatabase(
        lock,
        postgres,
        `postgres://postgres@127.0.0.1:${postgres.port}/postgres`,
      );
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  /** Closes the socket and shuts PostgreSQL down cleanly (a checkpoint), then frees the folder. */
  async stop(): Promise<void> {
    try {
      await this.postgres.stop();
    } finally {
      this.lock.release();
    }
  }
}

/** Starts PostgreSQL in a worker thread; its stop shuts it down, then ends the thread. */
function inWorker(pgDir: string): Promise<EmbeddedPostgres> {
  const worker = new Worker(WORKER, { workerData: { pgDir } });
  const next = () =>
    new Promise<EmbeddedDatabaseReport>((resolve, reject) => {
      const onExit = (code: number) =>
        reject(new Error(`The embedded database's thread ended (exit code ${code}).`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (message: EmbeddedDatabaseReport) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if ('failed' in message)
          reject(Object.assign(new Error(message.failed.message), { stack: message.failed.stack }));
        else resolve(message);
      });
    });
  return next().then(
    (started) => {
      let stopping: Promise<void> | undefined;
      return {
        port: (started as { started: number }).started,
        stop: () =>
          (stopping ??= (async () => {
            const stopped = next();
            worker.postMessage('stop');
            try {
              await stopped;
            } finally {
              await worker.terminate();
            }
          })()),
      };
    },
    async (error: unknown) => {
      await worker.terminate();
      throw error;
    },
  );
}
