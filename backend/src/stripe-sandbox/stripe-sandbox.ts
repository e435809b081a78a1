/**
 * A local stand-in for the part of Stripe's HTTP API the product uses, for development and tests
 * only (like Stripe's own stripe-mock, which cannot run here). The backend reaches it through the
 * official SDK configured with this server's address. It serves a test checkout page and sends
 * signed webhook events exactly as Stripe does, retrying until the backend answers 2xx.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import qs from 'qs';
import Stripe from 'stripe';
import { STRIPE_FIXTURES } from './stripe-fixtures.js';

type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface SandboxOptions {
  /** Where state is kept between restarts; in memory only when undefined. */
  dataFile?: string;
  webhookSecret: string;
  /** The backend's webhook endpoint; resolved at delivery time, since the backend may start later. */
  webhookUrl: () => string | undefined;
  host?: string;
  port?: number;
  /** Delay before the first redelivery of a refused event (doubling after). */
  retryDelayMs?: number;
}

/** The catalogue's prices as the sandbox knows them (ids are configurable in the backend). */
export const SANDBOX_PRICES: Record<
  string,
  { unit_amount: number; interval: 'month'; interval_count: number; nickname: string }
> = {
  price_founding_member: {
    unit_amount: 5_000,
    interval: 'month',
    interval_count: 3,
    nickname: 'Founding Member',
  },
  price_prospector: {
    unit_amount: 7_500,
    interval: 'month',
    interval_count: 1,
    nickname: 'Prospector',
  },
  price_networker: {
    unit_amount: 14_500,
    interval: 'month',
    interval_count: 1,
    nickname: 'Networker',
  },
  price_rainmaker: {
    unit_amount: 19_900,
    interval: 'month',
    interval_count: 1,
    nickname: 'Rainmaker',
  },
};

const ID_PREFIX: Record<string, string> = {
  customer: 'cus',
  'checkout.session': 'cs_test',
  subscription: 'sub',
  event: 'evt',
  'billing_portal.session': 'bps',
};

function newId(object: string): string {
  return `${ID_PREFIX[object] ?? object}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

const now = () => Math.floor(Date.now() / 1000);

/** A fresh copy of Stripe's example object with our values laid over it. */
function fromFixture(resource: string, values: Record<string, unknown>): StripeObject {
  const base = structuredClone(STRIPE_FIXTURES[resource]);
  return { ...base, livemode: false, created: now(), ...values } as unknown as StripeObject;
}

function stripeError(
  reply: FastifyReply,
  status: number,
  message: string,
  type = 'invalid_request_error',
) {
  return reply.status(status).send({ error: { type, message } });
}

interface State {
  objects: Record<string, StripeObject>;
  idempotency: Record<string, { status: number; body: unknown }>;
}

export class StripeSandbox {
  private readonly app: FastifyInstance;
  private state: State = { objects: {}, idempotency: {} };
  private readonly signer = new Stripe('sk_test_sandbox_signer');
  private readonly timers = new Set<NodeJS.Timeout>();
  url = '';

  constructor(private readonly options: SandboxOptions) {
    if (options.dataFile && existsSync(options.dataFile)) {
      this.state = JSON.parse(readFileSync(options.dataFile, 'utf8')) as State;
    }
    this.app = Fastify({ logger: false });
    this.app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) =>
        done(null, qs.parse(body as string, { depth: 10, arrayLimit: 100 })),
    );
    this.routes();
  }

  async start(): Promise<string> {
    const address = await this.app.listen({
      host: this.options.host ?? '127.0.0.1',
      port: this.options.port ?? 0,
    });
    this.url = address.replace('127.0.0.1', 'localhost');
    return this.url;
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    await this.app.close();
  }

  get<T extends StripeObject = StripeObject>(id: string): T | undefined {
    return this.state.objects[id] as T | undefined;
  }

  private save(object: StripeObject): StripeObject {
    this.state.objects[object.id] = object;
    this.persist();
    return object;
  }

  private persist(): void {
    if (this.options.dataFile) writeFileSync(this.options.dataFile, JSON.stringify(this.state));
  }

  private routes(): void {
    const api = this.app;

    // Every /v1 call needs a test secret key, as Stripe's test mode does.
    api.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/v1/')) return;
      const auth = request.headers.authorization ?? '';
      if (!/^Bearer (sk|rk)_test_\w+$/.test(auth))
        return stripeError(reply, 401, 'Invalid API Key provided.', 'authentication_error');
    });

    // The same Idempotency-Key answers the same response, as Stripe does for 24 hours.
    api.addHook('preHandler', async (request, reply) => {
      const key = request.headers['idempotency-key'];
      if (request.method !== 'POST' || typeof key !== 'string') return;
      const previous = this.state.idempotency[key];
      if (previous) return reply.status(previous.status).send(previous.body);
    });
    api.addHook('onSend', async (request, reply, payload) => {
      const key = request.headers['idempotency-key'];
      if (
        request.method === 'POST' &&
        typeof key === 'string' &&
        reply.statusCode < 500 &&
        !this.state.idempotency[key]
      ) {
        this.state.idempotency[key] = {
          status: reply.statusCode,
          body: JSON.parse(String(payload)),
        };
        this.persist();
      }
      return payload;
    });

    api.post('/v1/customers', async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      return this.save(
        fromFixture('customer', {
          id: newId('customer'),
          email: body.email ?? null,
          name: body.name ?? null,
          phone: body.phone ?? null,
          description: body.description ?? null,
          metadata: body.metadata ?? {},
        }),
      );
    });

    api.get('/v1/customers/:id', async (request, reply) =>
      this.found(reply, (request.params as { id: string }).id, 'customer'),
    );

    api.get('/v1/prices/:id', async (request, reply) => {
      const id = (request.params as { id: string }).id;
      const price = SANDBOX_PRICES[id];
      if (!price) return stripeError(reply, 404, `No such price: '${id}'`);
      return this.price(id);
    });

    api.post('/v1/checkout/sessions', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const items = (body.line_items as { price?: string; quantity?: string }[] | undefined) ?? [];
      const price = items[0]?.price ? SANDBOX_PRICES[items[0].price] : undefined;
      if (!price) return stripeError(reply, 400, 'line_items[0][price] must be a known price.');
      if (typeof body.success_url !== 'string')
        return stripeError(reply, 400, 'Missing required param: success_url.');
      const id = newId('checkout.session');
      const expiresAt = body.expires_at ? Number(body.expires_at) : now() + 24 * 3600;
      return this.save(
        fromFixture('checkout.session', {
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
          subscription: null,
          url: `${this.url}/checkout/${id}`,
          line_items: undefined,
          sandbox_price: items[0].price,
        }),
      );
    });

    api.get('/v1/checkout/sessions/:id', async (request, reply) => {
      const session = this.expireIfDue((request.params as { id: string }).id);
      return session
        ? session
        : this.found(reply, (request.params as { id: string }).id, 'checkout.session');
    });

    api.post('/v1/checkout/sessions/:id/expire', async (request, reply) => {
      const session = this.get((request.params as { id: string }).id);
      if (!session || session.object !== 'checkout.session')
        return this.found(reply, (request.params as { id: string }).id, 'checkout.session');
      if (session.status !== 'open')
        return stripeError(
          reply,
          400,
          `Only open sessions can be expired (this one is ${String(session.status)}).`,
        );
      return this.expire(session);
    });

    api.post('/v1/billing_portal/sessions', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const customer = typeof body.customer === 'string' ? this.get(body.customer) : undefined;
      if (!customer || customer.object !== 'customer')
        return stripeError(reply, 400, `No such customer: '${String(body.customer)}'`);
      const id = newId('billing_portal.session');
      return this.save(
        fromFixture('billing_portal.session', {
          id,
          customer: customer.id,
          return_url: body.return_url ?? null,
          url: `${this.url}/billing/${id}`,
        }),
      );
    });

    // The test customer portal: what Stripe's hosted portal would show.
    api.get('/billing/:id', async (request, reply) => {
      const session = this.get((request.params as { id: string }).id);
      if (!session || session.object !== 'billing_portal.session')
        return reply.status(404).type('text/html').send('<h1>Portal session not found</h1>');
      const customer = this.get(String(session.customer));
      const subscriptions = Object.values(this.state.objects).filter(
        (object) => object.object === 'subscription' && object.customer === customer?.id,
      );
      const rows =
        subscriptions
          .map(
            (subscription) => `<li>${String(subscription.id)}: ${String(subscription.status)}</li>`,
          )
          .join('') || '<li>No subscriptions</li>';
      return reply.type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Customer portal</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;margin:0;display:grid;place-items:center;min-height:100vh}main{background:#fff;border-radius:12px;padding:32px;max-width:420px;width:calc(100% - 32px)}.badge{background:#ffde92;border-radius:4px;padding:2px 8px;font-size:12px;font-weight:600}</style></head>
<body><main><span class="badge">TEST MODE</span><h1>Billing</h1><p>${String(customer?.email ?? '')}</p><ul>${rows}</ul>
${session.return_url ? `<a href="${String(session.return_url)}">Return</a>` : ''}</main></body></html>`);
    });

    api.get('/v1/subscriptions/:id', async (request, reply) =>
      this.found(reply, (request.params as { id: string }).id, 'subscription'),
    );

    api.get('/v1/events/:id', async (request, reply) =>
      this.found(reply, (request.params as { id: string }).id, 'event'),
    );

    // The test checkout page: what the buyer sees instead of Stripe Checkout.
    api.get('/checkout/:id', async (request, reply) => {
      const session = this.expireIfDue((request.params as { id: string }).id);
      if (!session)
        return reply.status(404).type('text/html').send('<h1>Checkout session not found</h1>');
      return reply.type('text/html; charset=utf-8').send(this.checkoutPage(session));
    });

    api.post('/checkout/:id/pay', async (request, reply) => {
      const session = this.expireIfDue((request.params as { id: string }).id);
      if (!session || session.status !== 'open')
        return reply
          .status(410)
          .type('text/html')
          .send('<h1>This checkout session is no longer open</h1>');
      this.pay(session);
      return reply.redirect(
        String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id),
        303,
      );
    });

    api.post('/checkout/:id/cancel', async (request, reply) => {
      const session = this.get((request.params as { id: string }).id);
      if (!session) return reply.status(404).send();
      return reply.redirect(String(session.cancel_url ?? '/'), 303);
    });
  }

  private found(reply: FastifyReply, id: string, object: string) {
    const found = this.get(id);
    if (!found || found.object !== object)
      return stripeError(
        reply,
        404,
        `No such ${object.replace('checkout.session', 'checkout session')}: '${id}'`,
      );
    return found;
  }

  private price(id: string): StripeObject {
    const price = SANDBOX_PRICES[id];
    return fromFixture('price', {
      id,
      nickname: price.nickname,
      unit_amount: price.unit_amount,
      unit_amount_decimal: String(price.unit_amount),
      currency: 'usd',
      type: 'recurring',
      recurring: {
        ...(STRIPE_FIXTURES.price.recurring as object),
        interval: price.interval,
        interval_count: price.interval_count,
      },
    });
  }

  private expireIfDue(id: string): StripeObject | undefined {
    const session = this.get(id);
    if (
      session?.object === 'checkout.session' &&
      session.status === 'open' &&
      Number(session.expires_at) <= now()
    )
      this.expire(session);
    return this.get(id);
  }

  private expire(session: StripeObject): StripeObject {
    const expired = this.save({ ...session, status: 'expired', url: null });
    this.emit('checkout.session.expired', expired);
    return expired;
  }

  /** What paying on the checkout page does: a subscription, a complete session, their events. */
  pay(session: StripeObject): StripeObject {
    const priceId = String(session.sandbox_price);
    const price = SANDBOX_PRICES[priceId];
    const start = now();
    const periodEnd = start + price.interval_count * 30 * 24 * 3600;
    const subscriptionId = newId('subscription');
    const item = structuredClone(
      (STRIPE_FIXTURES.subscription.items as { data: Record<string, unknown>[] }).data?.[0] ?? {},
    );
    const subscription = this.save(
      fromFixture('subscription', {
        id: subscriptionId,
        customer: session.customer,
        status: 'active',
        start_date: start,
        billing_cycle_anchor: start,
        metadata: session.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              ...item,
              id: `si_${randomBytes(8).toString('hex')}`,
              subscription: subscriptionId,
              price: this.price(priceId),
              quantity: 1,
              current_period_start: start,
              current_period_end: periodEnd,
            },
          ],
          has_more: false,
          url: `/v1/subscription_items?subscription=${subscriptionId}`,
        },
      }),
    );
    const completed = this.save({
      ...session,
      status: 'complete',
      payment_status: 'paid',
      subscription: subscription.id,
      url: null,
    });
    this.emit('customer.subscription.created', subscription);
    this.emit('checkout.session.completed', completed);
    return completed;
  }

  /** Records an event and delivers it, signed as Stripe signs, until the backend accepts it. */
  emit(type: string, object: StripeObject): StripeObject {
    const event = this.save(
      fromFixture('event', {
        id: newId('event'),
        type,
        api_version: Stripe.API_VERSION,
        data: { object: structuredClone(object) },
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      }),
    );
    this.deliver(event, 0);
    return event;
  }

  private deliver(event: StripeObject, attempt: number): void {
    const url = this.options.webhookUrl();
    const retry = () => {
      if (attempt >= 8) return;
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          this.deliver(event, attempt + 1);
        },
        (this.options.retryDelayMs ?? 1_000) * 2 ** attempt,
      );
      this.timers.add(timer);
    };
    if (!url) return retry();
    const payload = JSON.stringify(event);
    const signature = this.signer.webhooks.generateTestHeaderString({
      payload,
      secret: this.options.webhookSecret,
    });
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    })
      .then((response) => {
        if (!response.ok) retry();
      })
      .catch(retry);
  }

  private checkoutPage(session: StripeObject): string {
    const price = SANDBOX_PRICES[String(session.sandbox_price)];
    const amount = `$${(price.unit_amount / 100).toFixed(2)}`;
    const every = price.interval_count === 1 ? 'month' : `${price.interval_count} months`;
    const open = session.status === 'open';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout</title><style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;margin:0;display:grid;place-items:center;min-height:100vh;color:#1a1f36}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0001;padding:32px;max-width:420px;width:calc(100% - 32px)}
.badge{display:inline-block;background:#ffde92;color:#663c00;border-radius:4px;padding:2px 8px;font-size:12px;font-weight:600}
button{width:100%;padding:12px;border:0;border-radius:6px;font-size:16px;font-weight:600;cursor:pointer;margin-top:8px}
.pay{background:#635bff;color:#fff}.cancel{background:#e3e8ee;color:#1a1f36}</style></head>
<body><main><span class="badge">TEST MODE</span><h1>${price.nickname}</h1>
<p><strong>${amount}</strong> every ${every}</p>
<p>Test checkout of the local Stripe sandbox: no card is charged.</p>
${
  open
    ? `<form method="post" action="/checkout/${session.id}/pay"><button class="pay" type="submit">Pay ${amount}</button></form>
<form method="post" action="/checkout/${session.id}/cancel"><button class="cancel" type="submit">Cancel</button></form>`
    : `<p>This checkout session is ${String(session.status)}.</p>`
}
</main></body></html>`;
  }
}
