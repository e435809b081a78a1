import type { StripeSandbox } from '@leadpulse/stripe-sandbox';
import { BackendProcess, startSandbox } from './support/backend-process.js';
import { emptyDatabase } from './support/empty-database.js';

const ROUNDS = 5;

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
