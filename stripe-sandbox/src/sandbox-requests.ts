/**
 * What the sandbox knows of each API request: the request an event was caused by (Stripe's
 * `event.request`, with the `req_` id sandbox-protocol.ts gives every request), and a recording
 * of every answer for tests that check the sandbox against Stripe's own types.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { StripeObject } from './sandbox-common.js';

interface ApiRequest {
  id: string;
  idempotencyKey: string | null;
}

/** The API request being handled, while its handler (and what it calls) runs. */
const current = new AsyncLocalStorage<ApiRequest | undefined>();

/** Runs each API call's handler in its request's scope, where `eventRequest` finds it. */
export function registerRequestScope(api: FastifyInstance): void {
  api.addHook('preHandler', (request, _reply, done) => {
    if (!request.url.startsWith('/v1/')) return done();
    const key = request.headers['idempotency-key'];
    current.run({ id: request.id, idempotencyKey: typeof key === 'string' ? key : null }, done);
  });
}

/** An event's `request`: the API call that caused it, or nulls for Stripe's own work. */
export function eventRequest(): { id: string | null; idempotency_key: string | null } {
  const request = current.getStore();
  return { id: request?.id ?? null, idempotency_key: request?.idempotencyKey ?? null };
}

/** Runs `work` as Stripe's own (billing on the test clock), outside any API request. */
export function automatically<T>(work: () => T): T {
  return current.run(undefined, work);
}

/** An answer of the sandbox's API, or an event it sent. */
export type SandboxTraffic =
  | { kind: 'response'; method: string; url: string; status: number; body: unknown }
  | { kind: 'event'; body: StripeObject };

/** The answer's JSON, or its text when it is not JSON (which the recording then reports). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Hands every JSON answer of the API, as sent, to `record`. */
export function registerTrafficRecorder(
  api: FastifyInstance,
  record: (traffic: SandboxTraffic) => void,
): void {
  api.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (request.url.startsWith('/v1/') && type.startsWith('application/json'))
      record({
        kind: 'response',
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        body: parsed(String(payload)),
      });
    return payload;
  });
}
