import { appendFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_ADMIN } from './admin.js';
import { freshDataDir, startProduct } from './product.js';

/** One product for the browser journeys, started exactly as `npm start` on an empty data folder. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const product = await startProduct({
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
    },
  });
  process.env.E2E_BASE_URL = product.baseUrl;
  process.env.E2E_DATA_DIR = product.dataDir;
  // The server's console, where e-mails' links are printed (the outbox keeps them masked).
  const consoleDir = freshDataDir();
  const consoleLog = join(consoleDir, 'console.log');
  writeFileSync(consoleLog, product.output());
  for (const stream of [product.process.stdout!, product.process.stderr!])
    stream.on('data', (chunk: Buffer) => appendFileSync(consoleLog, chunk));
  process.env.E2E_CONSOLE_LOG = consoleLog;
  return async () => {
    await product.stop();
    rmSync(product.dataDir, { recursive: true, force: true });
    rmSync(consoleDir, { recursive: true, force: true });
  };
}
