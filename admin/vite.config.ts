import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompressPlugin } from '../scripts/precompress.mjs';

const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

/**
 * A build is always the production bundle: Vite would otherwise follow a caller's NODE_ENV and, with
 * NODE_ENV=development, ship React's development build.
 */
export default defineConfig(({ command }) => {
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    base: '/admin/',
    plugins: [react(), precompressPlugin()],
    resolve: {
      alias: {
        '@leadpulse/common': fileURLToPath(new URL('../common/src/index.ts', import.meta.url)),
      },
    },
    // react-admin's shell is one large chunk by nature; its gzip size is budgeted by `npm run bench`.
    build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1200 },
    server: { port: 5174, proxy: { '/api': backend } },
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./src/test-setup.ts'],
      // MUI renders in jsdom take seconds on a busy machine; a slow test is not a failing one.
      testTimeout: 20_000,
      // Every core: Vitest's default leaves one to its main process, which mostly waits.
      maxWorkers: availableParallelism(),
      // A worker's test files share React, MUI and react-admin, which loading once per file made
      // most of the run (39 s against 19 s here); src/test-setup.ts empties the page's storage
      // between files. Checked in shuffled orders (`vitest run --sequence.shuffle`).
      isolate: false,
      include: ['src/**/*.test.{ts,tsx}'],
    },
  };
});
