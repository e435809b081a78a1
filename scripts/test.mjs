// `npm test`: the stages in steps, stopping at the first that fails, with the seconds each took.
// Stages of one step run side by side (each one's output is printed whole when it ends, so two
// logs never interleave); a step starts when the one before it has passed.
import { spawn } from 'node:child_process';
import { root } from './build-stale.mjs';

/**
 * The steps, in order: the cheap checks first, then one build that every later stage reuses.
 * Side by side only what neither writes what the other reads nor is timed by the other's load:
 * lint reads the sources while the build writes `dist/`; the type check's own builds find
 * `dist/` up to date; the unit tests start no servers. The backend's integration tests keep the
 * cores about four-fifths busy and the resilience suite (its own databases and servers) about
 * two-fifths: mostly it waits out the outages, cuts and crashes it stages, and its limits (no
 * request waits past 5 s, a stop finishes its requests) hold with the integration tests beside
 * it. The sandbox's suites (no database, their own clocks) and the admin's contract test join
 * them. The browser journeys keep both cores busy and have the machine to themselves.
 */
export const STEPS = [
  [['browser', 'node', ['scripts/check-browser.mjs']]],
  [
    ['build', 'node', ['scripts/build-if-stale.mjs']],
    ['lint', 'npm', ['run', 'lint']],
  ],
  [
    ['typecheck', 'npm', ['run', 'typecheck']],
    ['unit', 'npm', ['run', 'test:unit']],
  ],
  [
    ['integration', 'npm', ['run', 'test:int', '-w', 'backend']],
    ['sandbox integration', 'npm', ['run', 'test:int', '-w', 'stripe-sandbox']],
    ['admin contract', 'npm', ['run', 'test:contract', '-w', 'admin']],
    ['resilience', 'npm', ['run', 'test:resilience']],
  ],
  [['browser journeys', 'npm', ['run', 'test:e2e']]],
];

const seconds = (since) => Math.round((Date.now() - since) / 1000);
const running = new Set();

/** Runs one stage; alone it prints as it goes, beside others it prints its output when done. */
function runStage([name, command, args], alone) {
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: root,
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that stopping it stops what npm started under it.
    detached: !alone,
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  running.add(child);
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status, signal) => {
      running.delete(child);
      if (!alone) {
        console.log(`== output of stage ${name}`);
        process.stdout.write(Buffer.concat(output));
      }
      const took = seconds(started);
      console.log(`== stage ${name}: ${took} s`);
      resolve({ name, took, failed: status !== 0 && `${signal ?? `exit code ${status}`}` });
    });
  });
}

/** Stops the stages still running, with everything they started. */
function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopAll();
    process.exit(1);
  });

const started = Date.now();
const times = [];
for (const step of STEPS) {
  const stages = step.map((stage) =>
    runStage(stage, step.length === 1).then((result) => {
      // A failed stage ends the run: the others of its step are stopped.
      if (result.failed) stopAll();
      return result;
    }),
  );
  const results = await Promise.all(stages);
  for (const { name, took } of results) times.push(`${name} ${took} s`);
  const failed = results.find((result) => result.failed);
  if (failed) {
    console.error(`== stage ${failed.name} failed (${failed.failed})`);
    process.exit(1);
  }
}
console.log(`== npm test passed in ${seconds(started)} s (${times.join(', ')})`);
