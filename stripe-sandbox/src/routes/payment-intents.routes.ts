/**
 * Payment intents (those of the invoices' payments, and one-off ones confirmed with a test card)
 * and payment methods made from Stripe's test cards, by token or by number.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { cardError, TEST_CARDS, testCardToken } from '../sandbox-cards.js';
import type { Body, StripeObject } from '../sandbox-common.js';
import type { SandboxStore } from '../sandbox-store.js';
import { privateOf } from '../sandbox-private.js';
import { attemptPayment, cardMethod, declineOf, newIntent } from '../sandbox-payment-intents.js';
import {
  found,
  foundParam,
  listPage,
  noSuch,
  param,
  stripeError,
  type SandboxParts,
} from './route-helpers.js';

/** Stripe's 402 for a declined card, with what the attempt made. */
const declined = (reply: FastifyReply, error: Body) => reply.status(402).send({ error });

export function registerPaymentIntentRoutes(
  api: FastifyInstance,
  { store, events }: SandboxParts,
): void {
  /** The payment method a call names: a test card's token (a new method) or a known method. */
  const methodNamed = (value: unknown): StripeObject | undefined => {
    if (typeof value === 'string' && TEST_CARDS[value]) return cardMethod(store, value, null);
    const known = typeof value === 'string' ? store.get(value) : undefined;
    return known?.object === 'payment_method' ? known : undefined;
  };

  api.post('/v1/payment_methods', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const card = (body.card ?? {}) as Body;
    const token = testCardToken(card.number);
    if (body.type !== 'card' || !token)
      return stripeError(reply, 402, 'Your card number is incorrect.', 'card_error', {
        code: 'incorrect_number',
        param: 'card[number]',
      });
    return cardMethod(store, token, null);
  });

  api.post('/v1/payment_methods/:id/attach', async (request, reply) => {
    const method = store.get(param(request));
    if (!method || method.object !== 'payment_method')
      return found(store, reply, param(request), 'payment_method');
    const customer = foundParam(store, reply, (request.body ?? {}) as Body, 'customer', 'customer');
    if (!customer) return reply;
    // 0002 and 9995 are declined when Stripe checks them on attaching; 0341 attaches.
    const decline = declineOf(store, method);
    const token = privateOf(store, method.id).token;
    if (decline && typeof token === 'string' && TEST_CARDS[token]?.declinesOnAttach)
      return declined(reply, cardError(decline));
    const attached = store.save({ ...method, customer: customer.id });
    events.emit('payment_method.attached', attached);
    return attached;
  });

  api.post('/v1/payment_intents', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 50)
      return stripeError(reply, 400, 'Amount must be at least $0.50 usd', undefined, {
        code: 'amount_too_small',
        param: 'amount',
      });
    const customer = typeof body.customer === 'string' ? store.get(body.customer) : undefined;
    if (body.customer !== undefined && customer?.object !== 'customer')
      return noSuch(reply, 'customer', body.customer, 'customer');
    const method = body.payment_method === undefined ? undefined : methodNamed(body.payment_method);
    if (body.payment_method !== undefined && !method)
      return noSuch(reply, 'payment_method', body.payment_method, 'payment_method');
    const description = typeof body.description === 'string' ? body.description : null;
    const intent = newIntent(store, customer, amount, description);
    events.emit('payment_intent.created', intent);
    if (body.confirm !== 'true' || !method)
      return store.save({
        ...intent,
        payment_method: method?.id ?? null,
        status: method ? 'requires_confirmation' : 'requires_payment_method',
      });
    const attempt = attemptPayment(store, events, {
      owner: intent.id,
      customer,
      method,
      amount,
      description: description ?? '',
    });
    if (attempt.decline)
      return declined(
        reply,
        cardError(attempt.decline, { charge: attempt.charge.id, payment_intent: attempt.intent }),
      );
    return attempt.intent;
  });

  api.get('/v1/payment_intents/:id', async (request, reply) =>
    found(store, reply, param(request), 'payment_intent'),
  );
  api.get('/v1/payment_intents', async (request, reply) => {
    const query = request.query as Body;
    return listPage(
      store,
      request,
      reply,
      'payment_intent',
      (intent) => !query.customer || intent.customer === query.customer,
    );
  });
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
