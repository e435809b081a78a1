// Builds each workspace whose sources changed since its last build, in dependency order.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  readFileSync,
  readdirSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = join('dist', '.build-stamp');
/** What a stamp says; a stamp without it (left by an older build) does not count as a build. */
const STAMP_MODE = 'production';

/** Each workspace and what its build reads. */
export const WORKSPACES = [
  {
    name: 'common',
    inputs: ['common/src', 'common/tsconfig.json', 'common/package.json', 'tsconfig.base.json'],
  },
  {
    name: 'stripe-sandbox',
    inputs: [
      'stripe-sandbox/src',
      'stripe-sandbox/scripts',
      'stripe-sandbox/vendor',
      'stripe-sandbox/tsconfig.json',
      'stripe-sandbox/package.json',
      'tsconfig.base.json',
    ],
  },
  {
    name: 'backend',
    inputs: [
      'backend/src',
      'backend/tsconfig.json',
      'backend/package.json',
      'backend/build.mjs',
      'common/src',
      'stripe-sandbox/src',
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
      'scripts/precompress.mjs',
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
      'scripts/precompress.mjs',
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

function stampMode(stamp) {
  try {
    return JSON.parse(readFileSync(stamp, 'utf8')).mode;
  } catch {
    return undefined;
  }
}

/** Whether the workspace has no production build of its current sources under `base`. */
export function isStale({ name, inputs }, base = root) {
  const stamp = join(base, name, STAMP);
  if (!existsSync(stamp) || stampMode(stamp) !== STAMP_MODE) return true;
  const built = statSync(stamp).mtimeMs;
  return inputs.some((input) => newestMtime(join(base, input)) > built);
}

/**
 * Records a build that started at `startedAt`: the stamp carries that time, so a source saved
 * while the build ran still counts as newer than the build.
 */
export function writeStamp({ name }, startedAt, base = root) {
  const stamp = join(base, name, STAMP);
  writeFileSync(stamp, JSON.stringify({ mode: STAMP_MODE, startedAt: startedAt.toISOString() }));
  utimesSync(stamp, startedAt, startedAt);
}

/** `npm run build -w <name>` for production, whatever NODE_ENV the caller has. */
function runBuild({ name }, stdio) {
  return spawnSync('npm', ['run', 'build', '--silent', '-w', name], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio,
  });
}

/**
 * Builds, in dependency order, each workspace of `base` that is stale (or every one with `all`),
 * and stamps it; `only` limits it to the workspaces named. `run` builds one workspace and answers
 * like spawnSync.
 */
export function buildWorkspaces({
  all = false,
  output = false,
  run = runBuild,
  base = root,
  only = undefined,
} = {}) {
  if (!existsSync(join(base, 'node_modules'))) {
    console.error('Dependencies are missing: run `npm install` first.');
    process.exit(1);
  }
  const stdio = ['ignore', output ? 'inherit' : 'ignore', 'inherit'];
  for (const workspace of WORKSPACES) {
    if (only && !only.includes(workspace.name)) continue;
    if (!all && !isStale(workspace, base)) continue;
    console.log(`Building ${workspace.name}…`);
    const startedAt = new Date();
    const result = run(workspace, stdio);
    if (result.status !== 0) {
      console.error(`Building ${workspace.name} failed.`);
      process.exit(result.status ?? 1);
    }
    writeStamp(workspace, startedAt, base);
  }
}

/** What `npm start`, `npm run dev` and the tools do first. */
export function buildStale() {
  buildWorkspaces();
}
