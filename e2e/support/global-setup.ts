import { appendFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDatabase } from '../../backend/test/support/scratch-database.mjs';
import { E2E_ADMIN } from './admin.js';
import { freshDataDir, startProduct } from './product.js';

/**
 * One product for the browser journeys, started exactly as `npm start` on an empty data folder:
 * on a new database of DATABASE_URL's server when it is set (never the one it names; the journeys
 * then run in two workers), otherwise on the embedded database.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const database = process.env.DATABASE_URL
    ? await scratchDatabase(process.env.DATABASE_URL, `leadpulse_e2e_${process.pid}_${Date.now()}`)
    : undefined;
  const product = await startProduct({
    databaseUrl: database?.url,
    // Every journey's buyer comes from 127.0.0.1: allow more checkouts than one visitor's share.
    env: {
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      RATE_LIMIT_CHECKOUT: '200',
      // Every journey buys from 127.0.0.1.
      FOUNDING_HOLDS_PER_ADDRESS: '200',
      // And signs up, confirms and asks for links from it: more than one visitor's share in 15 minutes.
      RATE_LIMIT_SIGNUP: '200',
      RATE_LIMIT_CONFIRM: '200',
      RATE_LIMIT_RECOVER: '200',
      // Journeys wait for the e-mails they cause: idle workers look for jobs as often as they can.
      JOBS_POLL_INTERVAL_SECONDS: '0.5',
    },
  }).catch(async (error: unknown) => {
    await database?.drop();
    throw error;
  });
  process.env.E2E_BASE_URL = product.baseUrl;
  process.env.E2E_DATA_DIR = product.dataDir;
  if (database) process.env.E2E_DATABASE_URL = database.url;
  // The server's console, where e-mails' links are printed (the outbox keeps them masked).
  const consoleDir = freshDataDir();
  const consoleLog = join(consoleDir, 'console.log');
  writeFileSync(consoleLog, product.output());
  for (const stream of [product.process.stdout!, product.process.stderr!])
    stream.on('data', (chunk: Buffer) => appendFileSync(consoleLog, chunk));
  process.env.E2E_CONSOLE_LOG = consoleLog;
  return async () => {
    await product.stop();
    await database?.drop();
    rmSync(product.dataDir, { recursive: true, force: true });
    rmSync(consoleDir, { recursive: true, force: true });
  };
}
