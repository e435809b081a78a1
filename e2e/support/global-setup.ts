import { rmSync } from 'node:fs';
import { startProduct } from './product.js';

/** One product for the browser journeys, started exactly as `npm start` on an empty data folder. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const product = await startProduct();
  process.env.E2E_BASE_URL = product.baseUrl;
  process.env.E2E_DATA_DIR = product.dataDir;
  return async () => {
    await product.stop();
    rmSync(product.dataDir, { recursive: true, force: true });
  };
}
