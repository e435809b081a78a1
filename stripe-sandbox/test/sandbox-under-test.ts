import Stripe from 'stripe';
import { SandboxRecorder } from '../src/fidelity.js';
import { StripeSandbox, type SandboxOptions } from '../src/index.js';

/** The official SDK on a started sandbox. */
export function clientOf(sandbox: StripeSandbox, apiKey = 'sk_test_local'): Stripe {
  const url = new URL(sandbox.url);
  return new Stripe(apiKey, { host: url.hostname, port: Number(url.port), protocol: 'http' });
}

/** Starts a sandbox and the official SDK on it. */
export async function startSandbox(
  options: SandboxOptions,
  apiKey?: string,
): Promise<{ sandbox: StripeSandbox; stripe: Stripe }> {
  const sandbox = new StripeSandbox(options);
  await sandbox.start();
  return { sandbox, stripe: clientOf(sandbox, apiKey) };
}

export interface SandboxUnderTest {
  sandbox: StripeSandbox;
  stripe: Stripe;
  /** Every request, answer and event of the suite, checked against Stripe's types at its end. */
  recorder: SandboxRecorder;
  /** The events the sandbox has sent, in order. */
  events(): Stripe.Event[];
}

/**
 * A sandbox for the describe block it is called in: started before its tests, with the official
 * SDK on it, and stopped after them, when everything it answered and sent must pass Stripe's types.
 */
export function sandboxForSuite(
  options: Omit<SandboxOptions, 'onTraffic'>,
  apiKey?: string,
): SandboxUnderTest {
  const recorder = new SandboxRecorder();
  const suite = {
    recorder,
    events: () => recorder.events as unknown as Stripe.Event[],
  } as SandboxUnderTest;
  beforeAll(async () => {
    Object.assign(suite, await startSandbox({ ...options, onTraffic: recorder.record }, apiKey));
  });
  afterAll(async () => {
    await suite.sandbox.stop();
    await recorder.expectFaithful(expect.getState().testPath);
  });
  return suite;
}
