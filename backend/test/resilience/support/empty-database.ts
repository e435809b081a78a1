import { randomUUID } from 'node:crypto';
import { scratchDatabase } from '../../support/scratch-database.mjs';
import { testDatabaseUrl } from '../../support/test-app.js';

/** A new, empty database on the test database's server; dropped by the returned function. */
export function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return scratchDatabase(
    testDatabaseUrl(),
    `leadpulse_start_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
  );
}
