import { join } from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import { DataFolderLock, DataFolderLockedError } from '../database/data-folder-lock.js';
import { StripeSandbox } from '../stripe-sandbox/stripe-sandbox.js';

/** Whether the local Stripe sandbox stands in for Stripe: no key, and never in production. */
export const usesLocalSandbox = (config: AppConfig): boolean =>
  !config.stripe.secretKey && !config.isProduction;

/** The local sandbox's state in the data folder (a snapshot, with its journal beside it). */
export const localSandboxStateFile = (config: AppConfig): string =>
  join(config.dataDir, 'stripe-sandbox.json');

/** The local sandbox on the data folder's state, as `npm start` and `npm run seed` run it. */
export function localSandbox(
  config: AppConfig,
  webhookUrl: () => string | undefined,
): StripeSandbox {
  return new StripeSandbox({
    dataFile: localSandboxStateFile(config),
    webhookSecret: config.stripe.webhookSecret!,
    webhookUrl,
    retryDays: config.stripe.sandbox.retryDays,
    afterFailedRetries: config.stripe.sandbox.afterFailedRetries,
  });
}

/**
 * Locks the data folder for the sandbox's state when no embedded database holds it already (a
 * PostgreSQL server at DATABASE_URL): two processes writing one state would corrupt it.
 */
export function lockLocalSandbox(config: AppConfig): DataFolderLock {
  try {
    return DataFolderLock.acquire(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error;
    throw new Error(
      `The local Stripe sandbox's state in ${config.dataDir} is in use by another process ` +
        `(pid ${error.holder.pid}, started ${error.holder.started_at}). Stop that process first, ` +
        'or set DATA_DIR to another folder.',
      { cause: error },
    );
  }
}
