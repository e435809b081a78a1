/**
 * The embedded PostgreSQL's own thread: it boots PGlite while the main thread loads and starts
 * the application, and answers its queries without taking the main thread's time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startEmbeddedPostgres } from './embedded-postgres.js';

/** What the worker tells the thread that started it. */
export type EmbeddedDatabaseReport =
  { started: number } | { stopped: true } | { failed: { message: string; stack?: string } };

const port = parentPort!;
const report = (message: EmbeddedDatabaseReport) => port.postMessage(message);
const failed = (error: unknown) =>
  report({
    failed: {
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    },
  });

try {
  const postgres = await startEmbeddedPostgres((workerData as { pgDir: string }).pgDir);
  port.once('message', () => {
    postgres.stop().then(() => report({ stopped: true }), failed);
  });
  report({ started: postgres.port });
} catch (error) {
  failed(error);
}
