// What every suite's sandbox answered and sent, checked against Stripe's types once: a difference
// fails the run, naming the test file.
import { rmSync } from 'node:fs';
import { expectRecordedTrafficFaithful, TRAFFIC_FOLDER_VARIABLE } from '../dist/fidelity.js';

export default async function globalTeardown() {
  const traffic = process.env[TRAFFIC_FOLDER_VARIABLE];
  if (!traffic) return;
  try {
    await expectRecordedTrafficFaithful(traffic);
  } finally {
    rmSync(traffic, { recursive: true, force: true });
  }
}
