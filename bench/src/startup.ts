// `npm start` on the embedded database: later starts of a data folder, and the first start of a
// fresh clone, whose builds and database creation are part of what a newcomer waits for.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ScenarioResult } from './scenarios.js';
import { freePort, ROOT, waitForOk } from './support.js';
import { targetOf } from './targets.js';

/** `npm start` to a healthy answer on the embedded database, the second start of a data folder. */
export async function startup(): Promise<ScenarioResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'leadpulse-bench-'));
  const times: number[] = [];
  try {
    for (let run = 0; run < 4; run++) {
      const ms = await timeNpmStart(ROOT, dataDir);
      if (run > 0) times.push(ms); // the first start creates the database
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  times.sort((a, b) => a - b);
  return {
    scenario: '`npm start` to healthy, embedded database, later starts',
    figures: [
      {
        name: 'median of 3 starts',
        value: Number((times[1] / 1000).toFixed(2)),
        unit: 's',
        target: targetOf('startup', 'median of 3 starts'),
      },
    ],
    notes: [`starts: ${times.map((ms) => (ms / 1000).toFixed(2)).join(' s, ')} s`],
  };
}

/**
 * The first `npm start` of a fresh clone: the working tree's files as git would check them out
 * (tracked and untracked ones, none that .gitignore names: no builds, no data folder), with the
 * installed packages copied in as `npm ci` leaves them, then `npm start` until healthy.
 */
export async function firstStart(): Promise<ScenarioResult> {
  const clone = mkdtempSync(join(tmpdir(), 'leadpulse-clone-'));
  try {
    const copySeconds = copyClone(clone);
    const ms = await timeNpmStart(clone, join(clone, '.data'), 300_000);
    return {
      scenario: 'First `npm start` of a fresh clone (builds and database creation included)',
      figures: [
        {
          name: 'first start',
          value: Number((ms / 1000).toFixed(2)),
          unit: 's',
          target: targetOf('first-start', 'first start'),
        },
      ],
      notes: [
        `a copy of the working tree without ignored files, node_modules copied in (${copySeconds.toFixed(0)} s, not counted), then npm start to a healthy /api/health/database`,
      ],
    };
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
}

/** Copies the clone's files and installed packages into `clone`; the seconds it took. */
function copyClone(clone: string): number {
  const started = Date.now();
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(ROOT, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    cpSync(join(ROOT, file), join(clone, file));
  }
  // The root's packages and each workspace's own; `cp -a` keeps the workspaces' relative links,
  // which then point into the clone. Build tools' caches are left out: a fresh install has none.
  const { workspaces } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  for (const dir of ['.', ...workspaces]) {
    const modules = join(ROOT, dir, 'node_modules');
    if (!existsSync(modules)) continue;
    if (spawnSync('cp', ['-a', modules, join(clone, dir)]).status !== 0)
      throw new Error(`copying ${modules} failed`);
    for (const cache of ['.cache', '.vite', '.vite-temp'])
      rmSync(join(clone, dir, 'node_modules', cache), { recursive: true, force: true });
  }
  return (Date.now() - started) / 1000;
}

/** Milliseconds from `npm start` in `cwd` to a healthy answer; then stops it. */
async function timeNpmStart(cwd: string, dataDir: string, timeoutMs = 120_000): Promise<number> {
  const port = await freePort();
  const started = Date.now();
  const child = spawnNpmStart(cwd, port, dataDir);
  try {
    return await waitForOk(`http://127.0.0.1:${port}/api/health/database`, timeoutMs, started);
  } finally {
    await stopGroup(child);
  }
}

/** `npm start` in its own process group, so that stopping it stops the server npm started. */
function spawnNpmStart(cwd: string, port: number, dataDir: string): ChildProcess {
  return spawn('npm', ['start', '--silent'], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
    detached: true,
  });
}

/** Stops npm and the server it started, and waits until every process of the group is gone. */
async function stopGroup(child: ChildProcess): Promise<void> {
  process.kill(-child.pid!, 'SIGTERM');
  for (;;) {
    try {
      process.kill(-child.pid!, 0);
    } catch {
      return; // ESRCH: nothing left in the group
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
