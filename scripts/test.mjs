// `npm test`: each stage in turn, stopping at the first that fails, with the seconds each took.
import { spawnSync } from 'node:child_process';
import { root } from './build-stale.mjs';

/** The stages, in order: the cheap checks first, then one build that every later stage reuses. */
export const STAGES = [
  ['browser', 'node', ['scripts/check-browser.mjs']],
  ['lint', 'npm', ['run', 'lint']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['build', 'node', ['scripts/build-if-stale.mjs']],
  ['unit', 'npm', ['run', 'test:unit']],
  ['integration', 'npm', ['run', 'test:int']],
  ['resilience', 'npm', ['run', 'test:resilience']],
  ['browser journeys', 'npm', ['run', 'test:e2e']],
];

const seconds = (since) => Math.round((Date.now() - since) / 1000);
const started = Date.now();
const times = [];
for (const [name, command, args] of STAGES) {
  const stageStarted = Date.now();
  const { status, signal } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  times.push(`${name} ${seconds(stageStarted)} s`);
  console.log(`== stage ${name}: ${seconds(stageStarted)} s`);
  if (status !== 0) {
    console.error(`== stage ${name} failed (${signal ?? `exit code ${status}`})`);
    process.exit(status || 1);
  }
}
console.log(`== npm test passed in ${seconds(started)} s (${times.join(', ')})`);
