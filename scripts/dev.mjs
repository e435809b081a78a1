// `npm run dev`: the backend rebuilt and restarted on change, and Vite dev servers for the site
// (http://localhost:5173) and the admin (http://localhost:5174/admin/) proxied to it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildStale, root } from './build-stale.mjs';

buildStale();
const backendUrl = `http://localhost:${process.env.PORT ?? 3000}`;
const bin = (name) => join(root, 'node_modules/.bin', name);

const children = [
  spawn(bin('tsc'), ['-b', '-w', '--preserveWatchOutput', 'backend'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['--watch-path=backend/dist', 'backend/dist/main.js'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(bin('vite'), [], {
    cwd: join(root, 'site'),
    stdio: 'inherit',
    env: { ...process.env, BACKEND_URL: backendUrl },
  }),
  spawn(bin('vite'), [], {
    cwd: join(root, 'admin'),
    stdio: 'inherit',
    env: { ...process.env, BACKEND_URL: backendUrl },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
