import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testDatabaseUrl } from './test-app.js';

const SEED = fileURLToPath(new URL('../../dist/dev/seed.js', import.meta.url));

/** `npm run seed` as the README runs it: the built tool in a process of its own. */
export function runSeed(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SEED, ...args], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        DATABASE_URL: testDatabaseUrl(),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
}
