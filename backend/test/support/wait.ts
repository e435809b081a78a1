/** Polls until `check` returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until no job that is due is queued, retrying or being worked: whatever the work queued so
 * far does has been done (the evidence a test needs before it checks that something did not
 * happen). With `queue`, only that queue's jobs count, retries scheduled for later included.
 */
export async function jobsDrained(
  dataSource: { query(sql: string, parameters?: unknown[]): Promise<unknown> },
  { queue, timeoutMs = 15_000 }: { queue?: string; timeoutMs?: number } = {},
): Promise<void> {
  await waitFor(
    async () => {
      const [{ busy }] = (await dataSource.query(
        `SELECT count(*)::int AS busy FROM pgboss.job
          WHERE state IN ('created', 'retry', 'active')
            AND ($1::text IS NULL AND start_after <= now() OR name = $1)`,
        [queue ?? null],
      )) as { busy: number }[];
      return busy === 0 ? true : undefined;
    },
    timeoutMs,
    queue ? `every job of ${queue} worked` : 'every due job worked',
  );
}
