import fc from 'fast-check';

/**
 * Generated inputs per request body or query: by default a fixed number from a fixed seed, so
 * that a run is repeatable and fits CI. A longer run sets RESILIENCE_RUNS, and
 * RESILIENCE_SECONDS to give each operation at most that many seconds (inputs that get past
 * validation reach password hashing and Stripe); RESILIENCE_SEED draws other inputs.
 */
export const RUNS = Number(process.env.RESILIENCE_RUNS ?? 60);
const SECONDS_PER_OPERATION = process.env.RESILIENCE_SECONDS
  ? Number(process.env.RESILIENCE_SECONDS)
  : undefined;
const SEED = Number(process.env.RESILIENCE_SEED ?? 20_261_128);

/**
 * Runs a property over one operation, for `runs` inputs from the run's seed (or until
 * SECONDS_PER_OPERATION when set); the first problem found, with the input that caused it.
 */
export async function firstProblem<T>(
  arbitrary: fc.Arbitrary<T>,
  runs: number,
  attempt: (input: T) => Promise<string | undefined>,
): Promise<string | undefined> {
  let found: string | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = async (input: T) => {
    const problem = await attempt(input);
    if (problem) {
      const shown = JSON.stringify(input) ?? String(input);
      found ??= `${problem.slice(0, 600)}\n    for input ${shown.slice(0, 300)}${shown.length > 300 ? '…' : ''}`;
      throw new Error(problem);
    }
  };
  await fc
    .assert(
      fc.asyncProperty(arbitrary, (input) => (running = run(input))),
      {
        numRuns: runs,
        seed: SEED,
        endOnFailure: true,
        ...(SECONDS_PER_OPERATION === undefined
          ? {}
          : {
              interruptAfterTimeLimit: SECONDS_PER_OPERATION * 1000,
              markInterruptAsFailure: false,
            }),
      },
    )
    .catch(() => undefined);
  // The time limit abandons the request in flight: it finishes here, before the next operation
  // starts, so its writes are not taken for the next one's.
  await running.catch(() => undefined);
  return found;
}
