// Runs one of the backend's command-line tools after building what is stale:
//   node scripts/tool.mjs <path under backend/dist> [arguments…]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildStale, root } from './build-stale.mjs';

const [script, ...args] = process.argv.slice(2);
buildStale();
const result = spawnSync(process.execPath, [join(root, 'backend/dist', script), ...args], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
