import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Stripe from 'stripe';
import { StripeSandbox, type SandboxOptions } from '@leadpulse/stripe-sandbox';
import { UserEntity } from '../../src/users/user.entity.js';
import { bearer, signUpAndConfirm, uniqueEmail, type SessionBody } from './accounts.js';
import { SandboxRecorder } from '@leadpulse/stripe-sandbox/fidelity';
import { startTestApp, TEST_WEBHOOK_SECRET, type TestApp } from './test-app.js';
import { waitFor } from './wait.js';

export interface AppWithSandbox {
  /** The application (a new one after `restart`). */
  t: TestApp;
  sandbox: StripeSandbox;
  /** Every answer and event of the sandbox, checked against Stripe's types when it closes. */
  recorder: SandboxRecorder;
  /** The official SDK on the sandbox, as a test's view of "Stripe". */
  stripe: Stripe;
  /** Stops the application and starts it again on the same database and sandbox. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The application listening on a port, with a Stripe sandbox delivering webhooks to it. */
export async function startAppWithSandbox(
  env: NodeJS.ProcessEnv = {},
  sandboxOptions: Pick<
    SandboxOptions,
    'dataFile' | 'clockStart' | 'retryDays' | 'afterFailedRetries'
  > = {},
): Promise<AppWithSandbox> {
  let appUrl = '';
  const recorder = new SandboxRecorder();
  const sandbox = new StripeSandbox({
    webhookSecret: TEST_WEBHOOK_SECRET,
    webhookUrl: () => appUrl && `${appUrl}/api/webhooks/stripe`,
    retryDelayMs: 100,
    onTraffic: recorder.record,
    // The product creates its customers without a clock; the tests move the sandbox's own.
    defaultTestClock: 'clock_sandbox',
    ...sandboxOptions,
  });
  const sandboxUrl = await sandbox.start();
  const appEnv = {
    STRIPE_API_URL: sandboxUrl,
    JOBS_POLL_INTERVAL_SECONDS: '0.5',
    RATE_LIMIT_CHECKOUT: '1000',
    RATE_LIMIT_CONFIRM: '1000',
    RATE_LIMIT_SIGNUP: '1000',
    STRIPE_EVENTS_RETRY_DELAY_SECONDS: '1',
    ...env,
  };
  const t = await startTestApp({ listen: true, env: appEnv });
  appUrl = t.url!;
  const url = new URL(sandboxUrl);
  const stripe = new Stripe('sk_test_local', {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
  const started: AppWithSandbox = {
    t,
    sandbox,
    recorder,
    stripe,
    restart: async () => {
      // Events sent meanwhile are refused and redelivered, as Stripe does.
      appUrl = '';
      await started.t.close();
      started.t = await startTestApp({ listen: true, env: appEnv });
      appUrl = started.t.url!;
    },
    close: async () => {
      await started.t.close();
      await sandbox.stop();
      await recorder.expectFaithful(expect.getState().testPath);
    },
  };
  return started;
}

export const foundingForm = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  phone: '5551234567',
});

let addresses = 0;
/** A client address of its own per call: live founding holds are limited per address. */
export function clientAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** A founding checkout from one client address (a new one unless given). */
export function foundingCheckout(
  app: NestFastifyApplication,
  body: object,
  remoteAddress = clientAddress(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/founding/checkout',
    payload: body,
    remoteAddress,
  });
}

/** Starts a founding checkout and pays it on the sandbox's checkout page. */
export async function buyFounding(
  app: NestFastifyApplication,
  email: string,
): Promise<{ sessionId: string }> {
  const checkout = await foundingCheckout(app, foundingForm(email));
  if (checkout.statusCode !== 201) throw new Error(`checkout failed: ${checkout.body}`);
  const { url } = checkout.json() as { url: string };
  const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`payment failed: ${paid.status}`);
  return { sessionId: url.split('/').at(-1)! };
}

/**
 * `buyFounding` with the sandbox's webhooks held back: Stripe has the payment, the app never hears
 * of it. Deliveries resume (unless `keepHolding`) once the sandbox has recorded the checkout's
 * completion, and dropped it.
 */
export async function buyFoundingUnheard(
  env: AppWithSandbox,
  email: string,
  { keepHolding = false } = {},
): Promise<{ sessionId: string }> {
  env.sandbox.holdDeliveries = true;
  try {
    const bought = await buyFounding(env.t.app, email);
    await waitFor(
      async () =>
        env.sandbox
          .objects('event')
          .some(
            (event) =>
              event.type === 'checkout.session.completed' &&
              (event.data as { object: { id: string } }).object.id === bought.sessionId,
          )
          ? true
          : undefined,
      15_000,
      'the checkout’s completion recorded',
    );
    return bought;
  } finally {
    env.sandbox.holdDeliveries = keepHolding;
  }
}

/**
 * A confirmed member who bought the founding offer from their account: answers once the purchase
 * is recorded on their row and its schedule has both phases (founding price, then Prospector).
 */
export async function buyFoundingAsMember(
  env: AppWithSandbox,
  label: string,
): Promise<{ session: SessionBody; user: UserEntity }> {
  const email = uniqueEmail(label);
  const session = await signUpAndConfirm(env.t.app, env.t.dataSource, email);
  const checkout = await env.t.app.inject({
    method: 'POST',
    url: '/api/founding/checkout',
    payload: foundingForm(email),
    headers: bearer(session),
    remoteAddress: clientAddress(),
  });
  if (checkout.statusCode !== 201) throw new Error(`checkout failed: ${checkout.body}`);
  const paid = await fetch(`${checkout.json().url as string}/pay`, {
    method: 'POST',
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`payment failed: ${paid.status}`);
  const user = await waitFor(async () => {
    const row = await env.t.dataSource.getRepository(UserEntity).findOneByOrFail({ email });
    if (row.subscription_plan !== 'founding_member' || !row.stripe_subscription_id) return;
    const subscription = await env.stripe.subscriptions.retrieve(row.stripe_subscription_id);
    if (!subscription.schedule) return;
    const schedule = await env.stripe.subscriptionSchedules.retrieve(String(subscription.schedule));
    return schedule.phases.length === 2 ? row : undefined;
  });
  return { session, user };
}
