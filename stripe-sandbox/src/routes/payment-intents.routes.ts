/** PaymentIntents: read one (each charge names its own), and which charge a refund is of. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Body, StripeObject } from '../sandbox-common.js';
import type { SandboxStore } from '../sandbox-store.js';
import { found, noSuch, param, stripeError, type SandboxParts } from './route-helpers.js';

export function registerPaymentIntentRoutes(api: FastifyInstance, { store }: SandboxParts): void {
  api.get('/v1/payment_intents/:id', async (request, reply) =>
    found(store, reply, param(request), 'payment_intent'),
  );
}

/**
 * The charge a refund is of: the `charge` parameter's, or the latest charge of the
 * `payment_intent`'s; undefined once Stripe's 400 is sent (the handler then returns the reply).
 */
export function refundedCharge(
  store: SandboxStore,
  reply: FastifyReply,
  body: Body,
): StripeObject | undefined {
  if (body.charge === undefined && body.payment_intent === undefined) {
    stripeError(
      reply,
      400,
      'One of the following params should be provided for this request: payment_intent or charge.',
    );
    return undefined;
  }
  const name = body.charge === undefined ? 'payment_intent' : 'charge';
  const named = typeof body[name] === 'string' ? store.get(body[name]) : undefined;
  if (named?.object !== name) {
    noSuch(reply, name, body[name], name);
    return undefined;
  }
  const charge = name === 'charge' ? named : store.get(String(named.latest_charge));
  if (charge) return charge;
  stripeError(
    reply,
    400,
    `This PaymentIntent (${named.id}) does not have a successful charge to refund.`,
    'invalid_request_error',
    { param: 'payment_intent' },
  );
  return undefined;
}
