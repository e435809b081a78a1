// `npm run bench -- …` hands its options through both npm scripts (the root's, then the bench
// workspace's) to the bench runner, which prints them with --dry-run. Run with `node --test`; it
// builds what `npm run bench` builds.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { root } from './build-stale.mjs';

const TEN_MINUTES = 600_000;

test('npm run bench hands its options to the bench runner', { timeout: TEN_MINUTES }, () => {
  const result = spawnSync(
    'npm',
    ['run', 'bench', '--', '--dry-run', '--quick', '--only', 'health,me', '--seconds', '2'],
    {
      cwd: root,
      encoding: 'utf8',
      // Were the options lost on the way, the runner would start a whole run: pointed at a
      // database server that is not there, it stops at its first step instead.
      env: { ...process.env, BENCH_DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      timeout: TEN_MINUTES,
    },
  );
  assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
  const printed = result.stdout.trim().split('\n').at(-1);
  assert.deepEqual(JSON.parse(printed), {
    quick: true,
    users: 20_000,
    seeded: 0,
    seconds: 2,
    rounds: 1,
    invoices: 1_000,
    only: ['health', 'me'],
    scenarios: ['health', 'me'],
  });
});
