import 'reflect-metadata';
import { createApp } from './app.js';
import { AppConfig } from './config/app-config.js';
import { ConfigError } from './config/environment.js';
import { withJwtSecret } from './config/jwt-secret.js';
import { DataFolderLockedError } from './database/data-folder-lock.js';
import { openDatabase } from './database/open-database.js';
import { createRootLogger } from './logging/logger.js';

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

  let database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataFolderLockedError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (database.embedded) logger.info(`Embedded PostgreSQL in ${config.dataDir}`);

  const app = await createApp({ config, databaseUrl: database.url, logger });

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
      // Closes the listener, waits for in-flight requests, then closes the database pool.
      await app.close();
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
  logger.info(
    `${config.appName} is running at http://localhost:${port} (admin at /admin, API docs at /api/docs)`,
  );
}

bootstrap().catch((error: unknown) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
