// `npm start`: builds what is stale, then runs the server in this same process (so signals and
// the data folder's lock belong to one pid). With --migrate-only it applies migrations and exits.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildStale, root } from './build-stale.mjs';

buildStale();

if (process.argv.includes('--migrate-only')) {
  const result = spawnSync(
    process.execPath,
    [join(root, 'backend/dist/database/migration-cli.js'), 'run'],
    {
      stdio: 'inherit',
    },
  );
  process.exit(result.status ?? 1);
}

await import(pathToFileURL(join(root, 'backend/dist/main.js')).href);
