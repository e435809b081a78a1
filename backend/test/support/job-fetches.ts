import { jest } from '@jest/globals';
import { JobsDb } from '../../src/jobs/jobs-db.js';
import { waitFor } from './wait.js';

/**
 * Watches the job workers' fetches (pg-boss's `FOR UPDATE SKIP LOCKED` statement, whose first
 * parameter is the queue): `answered(queue)` waits until a fetch of that queue has come back, the
 * evidence that its worker now waits for its next poll or a wake. Install it before the worker
 * starts; `stop()` puts the statements back as they were.
 */
export function watchJobFetches(): {
  answered(queue: string): Promise<void>;
  /** How many fetches of the queue have come back so far. */
  count(queue: string): number;
  stop(): void;
} {
  const execute = JobsDb.prototype.executeSql;
  const answered = new Map<string, number>();
  const spy = jest.spyOn(JobsDb.prototype, 'executeSql').mockImplementation(function (
    this: JobsDb,
    text,
    values,
  ) {
    const statement = execute.call(this, text, values);
    const queue = values?.[0];
    if (text.includes('SKIP LOCKED') && typeof queue === 'string')
      statement.then(
        () => answered.set(queue, (answered.get(queue) ?? 0) + 1),
        () => undefined,
      );
    return statement;
  });
  return {
    answered: (queue) =>
      waitFor(
        async () => (answered.has(queue) ? true : undefined),
        15_000,
        `a fetch of ${queue}`,
      ).then(() => undefined),
    count: (queue) => answered.get(queue) ?? 0,
    stop: () => spy.mockRestore(),
  };
}
