// Builds each workspace whose sources changed since its last build, in dependency order.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = join('dist', '.build-stamp');

/** Each workspace, what its build reads, and the command that builds it. */
const WORKSPACES = [
  {
    name: 'common',
    inputs: ['common/src', 'common/tsconfig.json', 'common/package.json', 'tsconfig.base.json'],
  },
  {
    name: 'backend',
    inputs: [
      'backend/src',
      'backend/tsconfig.json',
      'backend/package.json',
      'common/src',
      'tsconfig.base.json',
    ],
  },
  {
    name: 'site',
    inputs: [
      'site/src',
      'site/public',
      'site/index.html',
      'site/vite.config.ts',
      'site/package.json',
      'common/src',
    ],
  },
  {
    name: 'admin',
    inputs: [
      'admin/src',
      'admin/public',
      'admin/index.html',
      'admin/vite.config.ts',
      'admin/package.json',
      'common/src',
    ],
  },
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function isStale({ name, inputs }) {
  const stamp = join(root, name, STAMP);
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return inputs.some((input) => newestMtime(join(root, input)) > built);
}

export function buildStale({ quiet = false } = {}) {
  if (!existsSync(join(root, 'node_modules'))) {
    console.error('Dependencies are missing: run `npm install` first.');
    process.exit(1);
  }
  for (const workspace of WORKSPACES) {
    if (!isStale(workspace)) continue;
    if (!quiet) console.log(`Building ${workspace.name}…`);
    const result = spawnSync('npm', ['run', 'build', '--silent', '-w', workspace.name], {
      cwd: root,
      stdio: quiet ? 'pipe' : ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) {
      if (quiet) process.stderr.write(result.stderr ?? '');
      console.error(`Building ${workspace.name} failed.`);
      process.exit(result.status ?? 1);
    }
    writeFileSync(join(root, workspace.name, STAMP), new Date().toISOString());
  }
}
