import { test as base } from '@playwright/test';
import pg from 'pg';

/**
 * The sandbox's own test clock is one for the whole product: moving it bills every member on it.
 * A journey that moves it declares `test.use({ movesTheSandboxClock: true })` and holds a lock for
 * its whole length, so that two workers never move the clock under each other's members. (On the
 * embedded database the journeys run one at a time: there is nothing to hold.)
 */
export const test = base.extend<{ movesTheSandboxClock: boolean; sandboxClockHeld: void }>({
  movesTheSandboxClock: [false, { option: true }],
  sandboxClockHeld: [
    async ({ movesTheSandboxClock }, use) => {
      const url = process.env.E2E_DATABASE_URL;
      if (!movesTheSandboxClock || !url) return use();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`SELECT pg_advisory_lock(hashtext('e2e: the sandbox clock'))`);
        await use();
      } finally {
        // Ending the session releases its lock.
        await client.end();
      }
    },
    { auto: true },
  ],
});
