/**
 * npm run backfill-revenue
 * Builds the subscription history of every subscription that has none, and the dates of refunds
 * recorded before they were kept, from Stripe through the SDK (see revenue/revenue-backfill.ts). Safe to
 * run again: what has history is left alone. Without STRIPE_SECRET_KEY it reads the local Stripe
 * sandbox's state in the data folder, which a running server holds: stop it first, as for
 * `npm run seed`.
 */
import 'reflect-metadata';
import { AppConfig } from '../config/app-config.js';
import { DataFolderLock } from '../database/data-folder-lock.js';
import { createDataSource } from '../database/data-source.js';
import { openDatabaseForTool } from '../database/open-database.js';
import { runMigrations } from '../database/run-migrations.js';
import { RevenueBackfill } from '../revenue/revenue-backfill.js';
import { SubscriptionHistoryService } from '../revenue/subscription-history.service.js';
import { usesLocalSandbox } from '../stripe/local-sandbox.js';
import { createStripeClient } from '../stripe/stripe.client.js';
import { closeTool, openWithLocalSandbox, type ToolResources } from './tool-resources.js';

/** The database, and the local sandbox on the data folder's state when it stands in for Stripe. */
async function open(config: AppConfig): Promise<ToolResources | string> {
  if (!usesLocalSandbox(config))
    return { config, database: await openDatabaseForTool(config, { viaRunningServer: true }) };
  const holder = DataFolderLock.readHolder(config.dataDir);
  if (holder)
    return (
      `npm run backfill-revenue reads the local Stripe sandbox, whose state the server running on ` +
      `${config.dataDir} holds (pid ${holder.pid}, started ${holder.started_at}). Stop the server, ` +
      'run npm run backfill-revenue, then start the server again.'
    );
  // Reading only; nothing should be delivered, but nothing could be either.
  return openWithLocalSandbox(config);
}

async function main(): Promise<number> {
  const resources = await open(AppConfig.fromEnvironment());
  if (typeof resources === 'string') {
    console.error(resources);
    return 2;
  }
  const { config } = resources;
  const dataSource = createDataSource(resources.database.url, 2);
  try {
    await dataSource.initialize();
    await runMigrations(dataSource);
    const stripe = createStripeClient(config);
    const backfill = new RevenueBackfill(
      stripe,
      dataSource,
      new SubscriptionHistoryService(stripe, config),
      config.stripe.prices,
    );
    const started = Date.now();
    const summary = await backfill.run((line) => console.log(line));
    console.log(
      `Rebuilt the history of ${summary.subscriptions} subscriptions (${summary.rows} rows) and ` +
        `dated the refunds of ${summary.refundedPayments} payments in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return 0;
  } finally {
    await dataSource.destroy().catch(() => undefined);
    await closeTool(resources);
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
