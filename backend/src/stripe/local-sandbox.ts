import { join } from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import { DataFolderLock, DataFolderLockedError } from '../database/data-folder-lock.js';

/** The running local sandbox, as the server and the development tools hold it. */
export interface LocalSandbox {
  /** Starts serving; answers the sandbox's address. */
  start(): Promise<string>;
  stop(): Promise<void>;
}

/** Whether the local Stripe sandbox stands in for Stripe: no key, and never in production. */
export const usesLocalSandbox = (config: AppConfig): boolean =>
  !config.stripe.secretKey && !config.isProduction;

/** The local sandbox's state in the data folder (a snapshot, with its journal beside it). */
export const localSandboxStateFile = (config: AppConfig): string =>
  join(config.dataDir, 'stripe-sandbox.json');

/**
 * The local sandbox on the data folder's state, as `npm start` and `npm run seed` run it, with its
 * own settings (STRIPE_SANDBOX_*, read by the package). `holdDeliveries`: its webhooks are kept
 * back (the development tools write the rows themselves).
 *
 * The package (stripe-sandbox/, for development and tests only) is loaded here and nowhere else
 * in the product, by a dynamic import that the production bundle leaves out (backend/build.mjs):
 * `backend/dist/bundle/main.js` holds none of the sandbox, and production, which refuses to start
 * without Stripe keys, never loads it.
 */
export async function localSandbox(
  config: AppConfig,
  webhookUrl: () => string | undefined,
  { holdDeliveries = false }: { holdDeliveries?: boolean } = {},
): Promise<LocalSandbox> {
  const { StripeSandbox, SANDBOX_CLOCK_ID, sandboxSettings } =
    await import('@leadpulse/stripe-sandbox');
  const sandbox = new StripeSandbox({
    dataFile: localSandboxStateFile(config),
    webhookSecret: config.stripe.webhookSecret!,
    webhookUrl,
    // The product creates its customers without a clock; the sandbox's dashboard moves its own.
    defaultTestClock: SANDBOX_CLOCK_ID,
    ...sandboxSettings(),
  });
  sandbox.holdDeliveries = holdDeliveries;
  return sandbox;
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
