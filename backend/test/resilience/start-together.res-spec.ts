import { randomUUID } from 'node:crypto';
import type { StripeSandbox } from '../../src/stripe-sandbox/stripe-sandbox.js';
import { scratchDatabase } from '../support/scratch-database.mjs';
import { testDatabaseUrl } from '../support/test-app.js';
import { BackendProcess, startSandbox } from './support/backend-process.js';

const ROUNDS = 5;

/** A new, empty database on the test database's server; dropped by the returned function. */
function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return scratchDatabase(
    testDatabaseUrl(),
    `leadpulse_start_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
  );
}

/**
 * Instances behind a load balancer are started together: on an empty database both migrate
 * and create the job queues at once, and both must come up.
 */
describe('two instances started at the same moment', () => {
  let sandbox: StripeSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it(`both come up on an empty database, ${ROUNDS} times in a row`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const database = await emptyDatabase();
      const started = await Promise.allSettled([
        BackendProcess.start({ databaseUrl: database.url, stripeUrl: sandbox.url }),
        BackendProcess.start({ databaseUrl: database.url, stripeUrl: sandbox.url }),
      ]);
      const instances = started.flatMap((result) =>
        result.status === 'fulfilled' ? [result.value] : [],
      );
      try {
        for (const result of started)
          if (result.status === 'rejected') throw result.reason as Error;
        for (const instance of instances) {
          const response = await fetch(`${instance.url}/api/health/database`);
          expect(response.status).toBe(200);
        }
      } finally {
        await Promise.all(instances.map((instance) => instance.stop()));
        await database.drop();
      }
    }
  }, 300_000);
});
