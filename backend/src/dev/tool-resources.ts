/**
 * What `npm run seed` and `npm run backfill-revenue` run on: the database, and the local Stripe
 * sandbox on the data folder's state when they start it (their only way to it is the loader,
 * stripe/local-sandbox.ts; they reach Stripe through the SDK at the address it answers).
 */
import { withJwtSecret } from '../config/jwt-secret.js';
import type { AppConfig } from '../config/app-config.js';
import type { DataFolderLock } from '../database/data-folder-lock.js';
import { openDatabase, type DatabaseHandle } from '../database/open-database.js';
import { localSandbox, lockLocalSandbox, type LocalSandbox } from '../stripe/local-sandbox.js';

export interface ToolResources {
  /** The configuration, with the SDK pointed at the local sandbox when one runs. */
  config: AppConfig;
  database: DatabaseHandle;
  sandbox?: LocalSandbox;
  lock?: DataFolderLock;
}

/**
 * The database and the local sandbox on the data folder's state, started as `npm start` starts
 * it but with its webhooks held (the tools write their rows themselves; the caller has checked
 * that no running server holds that state). Without an embedded database to hold the folder, the
 * folder is locked for the sandbox.
 */
export async function openWithLocalSandbox(config: AppConfig): Promise<ToolResources> {
  const database = await openDatabase(config);
  const resources: ToolResources = { config, database };
  try {
    if (!database.embedded) resources.lock = lockLocalSandbox(config);
    resources.sandbox = await localSandbox(withJwtSecret(config), () => undefined, {
      holdDeliveries: true,
    });
    const url = await resources.sandbox.start();
    resources.config = config.with({ stripe: { ...config.stripe, apiUrl: url } });
    return resources;
  } catch (error) {
    await closeTool(resources);
    throw error;
  }
}

/** Stops the sandbox once its state is written, then frees the database and the folder. */
export async function closeTool({ sandbox, lock, database }: ToolResources): Promise<void> {
  await sandbox?.stop();
  lock?.release();
  await database.close();
}
