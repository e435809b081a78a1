import { defineConfig } from 'vitest/config';

/**
 * The contract test: the stock ra-data-simple-rest provider against the real API (the built
 * backend on a fresh database, started by the global setup). `npm run test:contract`.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['contract/**/*.contract.test.ts'],
    globalSetup: ['./contract/global-setup.mjs'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
