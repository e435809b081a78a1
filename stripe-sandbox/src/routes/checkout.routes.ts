/** Checkout sessions and their test page. */
import type { FastifyInstance } from 'fastify';
import { SANDBOX_PRICES } from '../sandbox-catalogue.js';
import { newId, realNow, type Body } from '../sandbox-common.js';
import { checkoutPage } from '../sandbox-pages.js';
import { setPrivate } from '../sandbox-private.js';
import { found, listPage, param, stripeError, type SandboxParts } from './route-helpers.js';
import { knownPrice } from './price-param.js';

export function registerCheckoutRoutes(
  api: FastifyInstance,
  { store, checkout }: SandboxParts,
): void {
  api.post('/v1/checkout/sessions', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const items = (body.line_items as { price?: string; quantity?: string }[] | undefined) ?? [];
    const priceId = knownPrice(reply, items[0]?.price, 'line_items[0][price]');
    if (!priceId) return reply;
    const price = SANDBOX_PRICES[priceId];
    if (typeof body.success_url !== 'string')
      return stripeError(reply, 400, 'Missing required param: success_url.');
    const id = newId('checkout.session');
    const expiresAt = body.expires_at ? Number(body.expires_at) : realNow() + 24 * 3600;
    const session = store.save(
      store.fromFixture('checkout.session', {
        id,
        mode: body.mode ?? 'payment',
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        success_url: body.success_url,
        cancel_url: body.cancel_url ?? null,
        expires_at: expiresAt,
        allow_promotion_codes: body.allow_promotion_codes === 'true' ? true : null,
        amount_subtotal: price.unit_amount,
        amount_total: price.unit_amount,
        currency: 'usd',
        metadata: body.metadata ?? {},
        client_reference_id: body.client_reference_id ?? null,
        url: `${store.url}/checkout/${id}`,
      }),
    );
    setPrivate(store, id, {
      price: items[0].price,
      subscriptionMetadata: (body.subscription_data as Body | undefined)?.metadata,
    });
    return session;
  });

  api.get('/v1/checkout/sessions', async (request, reply) => {
    const query = request.query as Body;
    for (const session of store.all('checkout.session', (open) => open.status === 'open'))
      checkout.expireIfDue(session.id);
    return listPage(
      store,
      request,
      reply,
      'checkout.session',
      (session) =>
        (!query.status || session.status === query.status) &&
        (!query.customer || session.customer === query.customer) &&
        (!query.subscription || session.subscription === query.subscription),
    );
  });

  api.get('/v1/checkout/sessions/:id', async (request, reply) => {
    const session = checkout.expireIfDue(param(request));
    return session ? session : found(store, reply, param(request), 'checkout.session');
  });

  api.post('/v1/checkout/sessions/:id/expire', async (request, reply) => {
    const session = store.get(param(request));
    if (!session || session.object !== 'checkout.session')
      return found(store, reply, param(request), 'checkout.session');
    if (session.status !== 'open')
      return stripeError(
        reply,
        400,
        `Only open sessions can be expired (this one is ${String(session.status)}).`,
      );
    return checkout.expire(session);
  });

  // The test checkout page: what the buyer sees instead of Stripe Checkout.
  api.get('/checkout/:id', async (request, reply) => {
    const session = checkout.expireIfDue(param(request));
    if (!session)
      return reply.status(404).type('text/html').send('<h1>Checkout session not found</h1>');
    return reply
      .type('text/html; charset=utf-8')
      .send(checkoutPage(session, SANDBOX_PRICES[checkout.terms(session).price]));
  });

  api.post('/checkout/:id/pay', async (request, reply) => {
    const session = checkout.expireIfDue(param(request));
    if (!session || session.status !== 'open')
      return reply
        .status(410)
        .type('text/html')
        .send('<h1>This checkout session is no longer open</h1>');
    const entered = String(((request.body ?? {}) as Body).promotion_code ?? '').trim();
    const promo = entered ? checkout.redeemable(entered) : undefined;
    if (entered && (!promo || !session.allow_promotion_codes))
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(
          checkoutPage(
            session,
            SANDBOX_PRICES[checkout.terms(session).price],
            'This code is invalid.',
          ),
        );
    checkout.pay(session, promo);
    return reply.redirect(
      String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id),
      303,
    );
  });

  api.post('/checkout/:id/cancel', async (request, reply) => {
    const session = store.get(param(request));
    if (!session) return reply.status(404).send();
    return reply.redirect(String(session.cancel_url ?? '/'), 303);
  });
}
