import type { AppConfig } from '../config/app-config.js';
import { DataFolderLock, DataFolderLockedError } from './data-folder-lock.js';
import { EmbeddedDatabase } from './embedded-database.js';

export interface DatabaseHandle {
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** The configured PostgreSQL server, or the embedded one started in this process. */
export async function openDatabase(config: AppConfig): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, embedded: false, close: async () => undefined };
  }
  const embedded = await EmbeddedDatabase.start(config.dataDir);
  return { url: embedded.url, embedded: true, close: () => embedded.stop() };
}

/**
 * For command-line tools: the configured server, or the embedded database. A running server holds
 * the folder's lock: a tool either works through that server's socket (`viaRunningServer`) or
 * says so, rather than opening the folder a second time and corrupting it.
 */
export async function openDatabaseForTool(
  config: AppConfig,
  options: { viaRunningServer?: boolean } = {},
): Promise<DatabaseHandle> {
  if (!config.databaseUrl) {
    const holder = DataFolderLock.readHolder(config.dataDir);
    if (holder?.port && options.viaRunningServer) {
      return {
        url: `postgres://postgres@127.0.0.1:${holder.port}/postgres`,
        embedded: true,
        close: async () => undefined,
      };
    }
    if (holder) throw new DataFolderLockedError(config.dataDir, holder);
  }
  return openDatabase(config);
}
