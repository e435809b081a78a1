import { StripeEventEntity } from '../../src/webhooks/stripe-event.entity.js';
import type { AppWithSandbox } from './sandbox.js';
import { waitFor } from './wait.js';

/**
 * Waits until the sandbox has delivered every event and the app has processed every stored one;
 * a timeout names the events still failing and why.
 */
export async function settleStripeEvents(env: AppWithSandbox, timeoutMs = 30_000): Promise<void> {
  await waitFor(
    async () => (env.sandbox.pendingDeliveries === 0 ? true : undefined),
    timeoutMs,
    'every webhook delivered',
  );
  await waitFor(
    async () =>
      (await env.t.dataSource.getRepository(StripeEventEntity).countBy({ processed: false })) === 0
        ? true
        : undefined,
    timeoutMs,
    'every stored Stripe event processed',
  ).catch(async (error: Error) => {
    const failing = (await env.t.dataSource.query(
      `SELECT event_type, error_message FROM stripe_events WHERE NOT processed`,
    )) as { event_type: string; error_message: string | null }[];
    throw new Error(`${error.message}: ${JSON.stringify(failing)}`);
  });
}
