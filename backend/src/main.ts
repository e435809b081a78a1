import 'reflect-metadata';
import { AppConfig } from './config/app-config.js';
import { ConfigError } from './config/environment.js';
import { withJwtSecret } from './config/jwt-secret.js';
import { DataFolderLockedError, type DataFolderLock } from './database/data-folder-lock.js';
import { isDatabaseUnavailable } from './database/database-errors.js';
import { openDatabase } from './database/open-database.js';
import { createRootLogger } from './logging/logger.js';
import { httpStopper } from './web/http-stop.js';
import {
  localSandbox,
  lockLocalSandbox,
  usesLocalSandbox,
  type LocalSandbox,
} from './stripe/local-sandbox.js';

/** How long connections kept open get to carry one more request after a stop is asked for. */
const DRAIN_MS = 1_000;

async function bootstrap(): Promise<void> {
  let config: AppConfig;
  try {
    config = withJwtSecret(AppConfig.fromEnvironment());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createRootLogger({ level: config.logLevel, pretty: !config.isProduction });
  // pg-boss 10 completes and fails jobs without awaiting: while the database is unreachable
  // those promises reject with nobody listening. Such a rejection must not take the server
  // down (the job is retried once it expires); any other unhandled rejection still does.
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    logger.warn(`Database unavailable in background work: ${(reason as Error).message}`);
  });

  // The embedded database starts in its own thread while this one loads the application.
  const opening = openDatabase(config);
  opening.catch(() => undefined);
  const { createApp } = await import('./app.js');
  let database;
  try {
    database = await opening;
  } catch (error) {
    if (error instanceof DataFolderLockedError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (database.embedded) logger.info(`Embedded PostgreSQL in ${config.dataDir}`);

  // Without Stripe keys (development only: production refuses to start), a local sandbox stands in.
  // Its state is in the data folder, which the embedded database holds already; with a PostgreSQL
  // server the folder is locked for the sandbox, so npm run seed cannot write it meanwhile.
  let sandbox: LocalSandbox | undefined;
  let sandboxLock: DataFolderLock | undefined;
  const listening: { port?: number } = {};
  if (usesLocalSandbox(config)) {
    try {
      if (!database.embedded) sandboxLock = lockLocalSandbox(config);
    } catch (error) {
      logger.fatal((error as Error).message);
      process.exit(1);
    }
    sandbox = await localSandbox(config, () =>
      listening.port ? `http://127.0.0.1:${listening.port}/api/webhooks/stripe` : undefined,
    );
    const url = await sandbox.start();
    config = config.with({ stripe: { ...config.stripe, apiUrl: url } });
    logger.info(`Local Stripe sandbox at ${url} (set STRIPE_SECRET_KEY to use Stripe)`);
  }

  const app = await createApp({ config, databaseUrl: database.url, logger });
  const stopHttp = httpStopper(app.getHttpAdapter().getInstance());

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: finishing in-flight requests, then stopping`);
    const timer = setTimeout(() => {
      logger.error(`Shutdown took longer than ${config.shutdownTimeoutMs} ms; exiting`);
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    try {
      // In order: the HTTP side (no new connection, in-flight requests answered, kept-open
      // connections closed), then the modules (job workers, then pools and listeners).
      await stopHttp(Math.min(DRAIN_MS, config.shutdownTimeoutMs / 4));
      await app.close();
      await sandbox?.stop();
      sandboxLock?.release();
      await database.close();
      clearTimeout(timer);
      logger.info('Stopped cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'Error while stopping');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  listening.port = port;
  logger.info(
    `${config.appName} is running at http://localhost:${port} (admin at /admin, API docs at /api/docs)`,
  );
}

bootstrap().catch((error: unknown) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
