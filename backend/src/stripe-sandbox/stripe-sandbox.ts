/**
 * A local stand-in for the part of Stripe's HTTP API the product uses, for development and tests
 * only (like Stripe's own stripe-mock, which cannot run here). The backend reaches it through the
 * official SDK configured with this server's address. It serves a test checkout page and sends
 * signed webhook events exactly as Stripe does, retrying until the backend answers 2xx.
 *
 * Billing runs on one test clock (`clock_sandbox`): advancing it renews subscriptions, moves
 * subscription schedules to their next phase and charges the customer's default card, with the
 * events Stripe sends for each step.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import qs from 'qs';
import Stripe from 'stripe';
import {
  checkoutPage,
  dashboardPage,
  money,
  portalPage,
  receiptPage,
  type PagePrice,
} from './sandbox-pages.js';
import { STRIPE_FIXTURES } from './stripe-fixtures.js';

type StripeObject = Record<string, unknown> & { id: string; object: string };
type Body = Record<string, unknown>;

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
export const SANDBOX_PRICES: Record<string, PagePrice & { interval: 'month' }> = {
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

/** The sandbox's one test clock. */
export const SANDBOX_CLOCK_ID = 'clock_sandbox';

/** Stripe's test payment methods: a card that pays, and one attached fine that declines charges. */
const TEST_CARDS: Record<string, { brand: string; last4: string; declines: boolean }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', declines: false },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', declines: false },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', declines: true },
};

const ID_PREFIX: Record<string, string> = {
  customer: 'cus',
  'checkout.session': 'cs_test',
  subscription: 'sub',
  subscription_schedule: 'sub_sched',
  event: 'evt',
  'billing_portal.session': 'bps',
  invoice: 'in',
  invoice_payment: 'inpay',
  charge: 'ch',
  payment_method: 'pm',
  refund: 're',
  discount: 'di',
  promotion_code: 'promo',
};

function newId(object: string): string {
  return `${ID_PREFIX[object] ?? object}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

const realNow = () => Math.floor(Date.now() / 1000);
const REAL_TIME_RESOURCES = new Set([
  'checkout.session',
  'billing_portal.session',
  'customer',
  'payment_method',
]);

/** Calendar months, as Stripe bills them. */
export function addMonths(timestamp: number, months: number): number {
  const date = new Date(timestamp * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

function stripeError(
  reply: FastifyReply,
  status: number,
  message: string,
  type = 'invalid_request_error',
  extra: Body = {},
) {
  return reply.status(status).send({ error: { type, message, ...extra } });
}

const list = (data: StripeObject[], url: string) => ({
  object: 'list',
  data,
  has_more: false,
  url,
});

/** One page of a list, as Stripe pages (newest first, `limit` up to 100, `starting_after`). */
function page(all: StripeObject[], query: Body, url: string) {
  const limit = Math.min(Math.max(Number(query.limit ?? 10) || 10, 1), 100);
  const after = typeof query.starting_after === 'string' ? query.starting_after : undefined;
  const start = after ? all.findIndex((candidate) => candidate.id === after) + 1 : 0;
  const data = all.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < all.length, url };
}

const param = (request: FastifyRequest) => (request.params as { id: string }).id;

/**
 * What can go wrong with a call. Before Stripe acts: `error` (a 500 of Stripe's own), `conflict`
 * (409, another request holds the idempotency key), `reset` (the connection drops). After it
 * has acted: `lost` (the answer is a 500) and `reset-after` (the connection drops on the answer).
 */
export type SandboxFault = 'error' | 'conflict' | 'reset' | 'lost' | 'reset-after';

interface State {
  objects: Record<string, StripeObject>;
  idempotency: Record<string, { status: number; body: unknown }>;
  /** Seconds the test clock runs ahead of real time. */
  clockOffset?: number;
}

export class StripeSandbox {
  private readonly app: FastifyInstance;
  private state: State = { objects: {}, idempotency: {} };
  private readonly signer = new Stripe('sk_test_sandbox_signer');
  private readonly timers = new Set<NodeJS.Timeout>();
  private faults: { fault: SandboxFault; path: string }[] = [];
  /** Ids by object type, in order of creation: lists read one type, not every object. */
  private readonly ids = new Map<string, Set<string>>();
  /** While true, billing records no events (seeding a long history). */
  private quiet = false;
  /** While true, events are recorded but never delivered: a webhook that does not arrive. */
  holdDeliveries = false;
  url = '';

  constructor(private readonly options: SandboxOptions) {
    if (options.dataFile && existsSync(options.dataFile)) {
      this.state = JSON.parse(readFileSync(options.dataFile, 'utf8')) as State;
    }
    for (const object of Object.values(this.state.objects)) this.index(object);
    this.app = Fastify({
      logger: false,
      routerOptions: {
        querystringParser: (query: string) => qs.parse(query, { depth: 5, arrayLimit: 100 }),
      },
    });
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

  /** The test clock's time, in Unix seconds. */
  now(): number {
    return realNow() + (this.state.clockOffset ?? 0);
  }

  get<T extends StripeObject = StripeObject>(id: string): T | undefined {
    return this.state.objects[id] as T | undefined;
  }

  /** Every object of a type, newest first. */
  objects(object: string): StripeObject[] {
    return this.all(object);
  }

  /**
   * The next `count` API calls under `path` meet `fault` (see SandboxFault): the network and
   * Stripe's own failures, for tests of retries and idempotency.
   */
  injectFaults(count: number, fault: SandboxFault, path = '/v1/'): void {
    for (let index = 0; index < count; index += 1) this.faults.push({ fault, path });
  }

  /**
   * The answers to the next `count` API calls (under `path`) are lost after Stripe has acted (a timeout seen
   * from the client): the caller sees a 500, and only its idempotency key can tell it what happened.
   */
  loseNextResponses(count: number, path = '/v1/'): void {
    this.injectFaults(count, 'lost', path);
  }

  /** The next `count` API calls answer 500, as Stripe does when it has a problem of its own. */
  failNextRequests(count: number): void {
    this.injectFaults(count, 'error');
  }

  /** Faults injected and not met yet. */
  get pendingFaults(): number {
    return this.faults.length;
  }

  /** Takes the first fault waiting for this request, among `kinds`. */
  private takeFault(url: string, kinds: SandboxFault[]): SandboxFault | undefined {
    const index = this.faults.findIndex(
      (candidate) => url.startsWith(candidate.path) && kinds.includes(candidate.fault),
    );
    return index < 0 ? undefined : this.faults.splice(index, 1)[0].fault;
  }

  private all(object: string, where: (candidate: StripeObject) => boolean = () => true) {
    // Newest first; objects of the same second in reverse order of creation, as Stripe lists them.
    return [...(this.ids.get(object) ?? [])]
      .map((id, order) => ({ candidate: this.state.objects[id], order }))
      .filter(({ candidate }) => where(candidate))
      .sort(
        (a, b) => Number(b.candidate.created) - Number(a.candidate.created) || b.order - a.order,
      )
      .map(({ candidate }) => candidate);
  }

  private save(object: StripeObject): StripeObject {
    this.state.objects[object.id] = object;
    this.index(object);
    this.persist();
    return object;
  }

  private index(object: StripeObject): void {
    const type = String(object.object);
    if (!this.ids.has(type)) this.ids.set(type, new Set());
    this.ids.get(type)!.add(object.id);
  }

  /**
   * Bills an active subscription `count` more times, as if that many periods had passed, without
   * events: a long payment history for syncs to read (10,000 invoices in the benchmark).
   */
  seedInvoiceHistory(subscriptionId: string, count: number): void {
    const subscription = this.get(subscriptionId);
    if (!subscription) throw new Error(`No such subscription: ${subscriptionId}`);
    this.quiet = true;
    try {
      for (let index = 0; index < count; index += 1)
        this.bill(this.get(subscriptionId)!, 'subscription_cycle');
    } finally {
      this.quiet = false;
    }
    this.persist();
  }

  private persist(): void {
    if (this.quiet) return;
    if (this.options.dataFile) writeFileSync(this.options.dataFile, JSON.stringify(this.state));
  }

  /**
   * A fresh copy of Stripe's example object with our values laid over it. Billing objects live on
   * the test clock; checkout and portal sessions, customers and cards on real time, as at Stripe.
   */
  private fromFixture(resource: string, values: Body): StripeObject {
    const base = structuredClone(STRIPE_FIXTURES[resource]);
    return {
      ...base,
      livemode: false,
      created: REAL_TIME_RESOURCES.has(resource) ? realNow() : this.now(),
      ...values,
    } as unknown as StripeObject;
  }

  private routes(): void {
    const api = this.app;

    // Every /v1 call needs a test secret key, as Stripe's test mode does.
    api.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/v1/')) return;
      const auth = request.headers.authorization ?? '';
      if (!/^Bearer (sk|rk)_test_\w+$/.test(auth))
        return stripeError(reply, 401, 'Invalid API Key provided.', 'authentication_error');
      const fault = this.takeFault(request.url, ['error', 'conflict', 'reset']);
      if (fault === 'error')
        return stripeError(reply, 500, 'An unknown error occurred', 'api_error');
      if (fault === 'conflict')
        return stripeError(
          reply,
          409,
          'There is currently another in-progress request using this Stripe-Idempotency-Key (that probably means you submitted twice, and the other request is still going through): try again later.',
          'invalid_request_error',
          { code: 'idempotency_key_in_use' },
        );
      if (fault === 'reset') {
        request.raw.socket.destroy();
        return reply.hijack();
      }
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
        // Like Stripe: a request that never started (a 409 over the key, a 429) is not saved.
        ![409, 429].includes(reply.statusCode) &&
        reply.statusCode < 500 &&
        !this.state.idempotency[key]
      ) {
        this.state.idempotency[key] = {
          status: reply.statusCode,
          body: JSON.parse(String(payload)),
        };
        this.persist();
      }
      if (!request.url.startsWith('/v1/')) return payload;
      const fault = this.takeFault(request.url, ['lost', 'reset-after']);
      if (fault === 'lost') {
        reply.status(500);
        return JSON.stringify({ error: { type: 'api_error', message: 'The answer was lost' } });
      }
      if (fault === 'reset-after') request.raw.socket.destroy();
      return payload;
    });

    this.customerRoutes();
    this.checkoutRoutes();
    this.subscriptionRoutes();
    this.billingRoutes();
    this.clockRoutes();

    api.get('/v1/events/:id', async (request, reply) => this.found(reply, param(request), 'event'));
    api.get('/v1/prices/:id', async (request, reply) => {
      const id = param(request);
      if (!SANDBOX_PRICES[id]) return stripeError(reply, 404, `No such price: '${id}'`);
      return this.price(id);
    });
  }

  private customerRoutes(): void {
    const api = this.app;
    api.post('/v1/customers', async (request) => {
      const body = (request.body ?? {}) as Body;
      const customer = this.fromFixture('customer', {
        id: newId('customer'),
        email: body.email ?? null,
        name: body.name ?? null,
        phone: body.phone ?? null,
        description: body.description ?? null,
        metadata: body.metadata ?? {},
        discount: null,
        test_clock: SANDBOX_CLOCK_ID,
      });
      return this.save(this.updateCustomer(customer, body));
    });

    api.get('/v1/customers/:id', async (request, reply) =>
      this.found(reply, param(request), 'customer'),
    );

    api.post('/v1/customers/:id', async (request, reply) => {
      const customer = this.get(param(request));
      if (!customer || customer.object !== 'customer')
        return this.found(reply, param(request), 'customer');
      const body = (request.body ?? {}) as Body;
      const method = (body.invoice_settings as Body | undefined)?.default_payment_method;
      if (typeof method === 'string' && !TEST_CARDS[method] && !this.get(method))
        return stripeError(reply, 400, `No such PaymentMethod: '${method}'`);
      return this.save(this.updateCustomer(customer, body));
    });

    api.get('/v1/customers/:id/payment_methods', async (request) =>
      list(
        this.all('payment_method', (method) => method.customer === param(request)),
        `/v1/customers/${param(request)}/payment_methods`,
      ),
    );
    api.get('/v1/payment_methods', async (request) => {
      const query = request.query as Body;
      return list(
        this.all('payment_method', (method) => method.customer === query.customer),
        '/v1/payment_methods',
      );
    });
    api.get('/v1/payment_methods/:id', async (request, reply) =>
      this.found(reply, param(request), 'payment_method'),
    );
  }

  /** Applies the fields of a create or update call, attaching a test card if one is named. */
  private updateCustomer(customer: StripeObject, body: Body): StripeObject {
    const updated: StripeObject = { ...customer };
    for (const key of ['email', 'name', 'phone', 'description'] as const)
      if (key in body) updated[key] = body[key] === '' ? null : body[key];
    if (body.address === '')
      updated.address = structuredClone(STRIPE_FIXTURES.customer.address as Body);
    else if (body.address && typeof body.address === 'object')
      updated.address = { ...(customer.address as Body), ...(body.address as Body) };
    if (body.metadata && typeof body.metadata === 'object')
      updated.metadata = { ...(customer.metadata as Body), ...(body.metadata as Body) };
    const method = (body.invoice_settings as Body | undefined)?.default_payment_method;
    if (typeof method === 'string') {
      const attached = TEST_CARDS[method] ? this.attachCard(updated.id, method) : this.get(method)!;
      updated.invoice_settings = {
        ...(customer.invoice_settings as Body),
        default_payment_method: attached.id,
      };
    }
    return updated;
  }

  private attachCard(customerId: string, token: string): StripeObject {
    const card = TEST_CARDS[token];
    const fixture = STRIPE_FIXTURES.payment_method.card as Body;
    return this.save(
      this.fromFixture('payment_method', {
        id: newId('payment_method'),
        customer: customerId,
        metadata: {},
        billing_details: { ...(STRIPE_FIXTURES.payment_method.billing_details as Body) },
        card: {
          ...fixture,
          brand: card.brand,
          display_brand: card.brand,
          last4: card.last4,
          exp_month: 12,
          exp_year: new Date(this.now() * 1000).getUTCFullYear() + 3,
          networks: { available: [card.brand], preferred: null },
        },
        sandbox_declines: card.declines,
      }),
    );
  }

  private checkoutRoutes(): void {
    const api = this.app;
    api.post('/v1/checkout/sessions', async (request, reply) => {
      const body = (request.body ?? {}) as Body;
      const items = (body.line_items as { price?: string; quantity?: string }[] | undefined) ?? [];
      const price = items[0]?.price ? SANDBOX_PRICES[items[0].price] : undefined;
      if (!price) return stripeError(reply, 400, 'line_items[0][price] must be a known price.');
      if (typeof body.success_url !== 'string')
        return stripeError(reply, 400, 'Missing required param: success_url.');
      const id = newId('checkout.session');
      const expiresAt = body.expires_at ? Number(body.expires_at) : realNow() + 24 * 3600;
      return this.save(
        this.fromFixture('checkout.session', {
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
          invoice: null,
          url: `${this.url}/checkout/${id}`,
          line_items: undefined,
          sandbox_price: items[0].price,
          sandbox_subscription_metadata: (body.subscription_data as Body | undefined)?.metadata,
        }),
      );
    });

    api.get('/v1/checkout/sessions', async (request) => {
      const query = request.query as Body;
      const created = (query.created ?? {}) as Record<string, string>;
      const sessions = this.all('checkout.session', (session) => {
        this.expireIfDue(session.id);
        const current = this.get(session.id)!;
        return (
          (!query.status || current.status === query.status) &&
          (!query.customer || current.customer === query.customer) &&
          (!created.gte || Number(current.created) >= Number(created.gte))
        );
      }).map((session) => this.get(session.id)!);
      return list(sessions.slice(0, Number(query.limit ?? 100)), '/v1/checkout/sessions');
    });

    api.get('/v1/checkout/sessions/:id', async (request, reply) => {
      const session = this.expireIfDue(param(request));
      return session ? session : this.found(reply, param(request), 'checkout.session');
    });

    api.post('/v1/checkout/sessions/:id/expire', async (request, reply) => {
      const session = this.get(param(request));
      if (!session || session.object !== 'checkout.session')
        return this.found(reply, param(request), 'checkout.session');
      if (session.status !== 'open')
        return stripeError(
          reply,
          400,
          `Only open sessions can be expired (this one is ${String(session.status)}).`,
        );
      return this.expire(session);
    });

    // The test checkout page: what the buyer sees instead of Stripe Checkout.
    api.get('/checkout/:id', async (request, reply) => {
      const session = this.expireIfDue(param(request));
      if (!session)
        return reply.status(404).type('text/html').send('<h1>Checkout session not found</h1>');
      return reply
        .type('text/html; charset=utf-8')
        .send(checkoutPage(session, SANDBOX_PRICES[String(session.sandbox_price)]));
    });

    api.post('/checkout/:id/pay', async (request, reply) => {
      const session = this.expireIfDue(param(request));
      if (!session || session.status !== 'open')
        return reply
          .status(410)
          .type('text/html')
          .send('<h1>This checkout session is no longer open</h1>');
      const entered = String(((request.body ?? {}) as Body).promotion_code ?? '').trim();
      const promo = entered ? this.redeemable(entered) : undefined;
      if (entered && (!promo || !session.allow_promotion_codes))
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(
            checkoutPage(
              session,
              SANDBOX_PRICES[String(session.sandbox_price)],
              'This code is invalid.',
            ),
          );
      this.pay(session, promo);
      return reply.redirect(
        String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id),
        303,
      );
    });

    api.post('/checkout/:id/cancel', async (request, reply) => {
      const session = this.get(param(request));
      if (!session) return reply.status(404).send();
      return reply.redirect(String(session.cancel_url ?? '/'), 303);
    });

    api.post('/v1/billing_portal/sessions', async (request, reply) => {
      const body = (request.body ?? {}) as Body;
      const customer = typeof body.customer === 'string' ? this.get(body.customer) : undefined;
      if (!customer || customer.object !== 'customer')
        return stripeError(reply, 400, `No such customer: '${String(body.customer)}'`);
      const id = newId('billing_portal.session');
      return this.save(
        this.fromFixture('billing_portal.session', {
          id,
          customer: customer.id,
          return_url: body.return_url ?? null,
          url: `${this.url}/billing/${id}`,
        }),
      );
    });

    // The test customer portal: what Stripe's hosted portal would show.
    api.get('/billing/:id', async (request, reply) => {
      const session = this.get(param(request));
      if (!session || session.object !== 'billing_portal.session')
        return reply.status(404).type('text/html').send('<h1>Portal session not found</h1>');
      const customer = this.get(String(session.customer));
      const subscriptions = this.all(
        'subscription',
        (subscription) => subscription.customer === customer?.id,
      );
      return reply
        .type('text/html; charset=utf-8')
        .send(portalPage(customer?.email, subscriptions, session.return_url));
    });
  }

  private subscriptionRoutes(): void {
    const api = this.app;
    api.post('/v1/subscriptions', async (request, reply) => {
      const body = (request.body ?? {}) as Body;
      const customer = typeof body.customer === 'string' ? this.get(body.customer) : undefined;
      if (!customer || customer.object !== 'customer')
        return stripeError(reply, 400, `No such customer: '${String(body.customer)}'`);
      const priceId = (body.items as { price?: string }[] | undefined)?.[0]?.price;
      if (!priceId || !SANDBOX_PRICES[priceId])
        return stripeError(reply, 400, 'items[0][price] must be a known price.');
      return this.subscribe(customer.id, priceId, (body.metadata as Body) ?? {});
    });

    api.get('/v1/subscriptions', async (request) => {
      const query = request.query as Body;
      const subscriptions = this.all(
        'subscription',
        (subscription) =>
          (!query.customer || subscription.customer === query.customer) &&
          (query.status === 'all'
            ? true
            : query.status
              ? subscription.status === query.status
              : subscription.status !== 'canceled'),
      );
      return list(subscriptions.slice(0, Number(query.limit ?? 100)), '/v1/subscriptions');
    });

    api.get('/v1/subscriptions/:id', async (request, reply) =>
      this.found(reply, param(request), 'subscription'),
    );

    api.post('/v1/subscriptions/:id', async (request, reply) => {
      const subscription = this.get(param(request));
      if (!subscription || subscription.object !== 'subscription')
        return this.found(reply, param(request), 'subscription');
      const body = (request.body ?? {}) as Body;
      const updated: StripeObject = { ...subscription };
      if ('cancel_at_period_end' in body) {
        updated.cancel_at_period_end = body.cancel_at_period_end === 'true';
        updated.cancel_at = updated.cancel_at_period_end ? this.periodEnd(subscription) : null;
        updated.canceled_at = updated.cancel_at_period_end ? this.now() : null;
      }
      if (body.metadata && typeof body.metadata === 'object')
        updated.metadata = { ...(subscription.metadata as Body), ...(body.metadata as Body) };
      if (Array.isArray(body.discounts) || body.discounts === '') {
        const couponId = Array.isArray(body.discounts)
          ? (body.discounts as { coupon?: string }[])[0]?.coupon
          : undefined;
        const coupon = couponId ? this.get(couponId) : undefined;
        if (couponId && (!coupon || coupon.object !== 'coupon'))
          return stripeError(reply, 400, `No such coupon: '${couponId}'`);
        updated.discounts = coupon ? [this.discount(coupon, subscription).id] : [];
      }
      const priceId = (body.items as { price?: string }[] | undefined)?.[0]?.price;
      if (priceId) {
        if (!SANDBOX_PRICES[priceId])
          return stripeError(reply, 400, 'items[0][price] must be a known price.');
        if (subscription.schedule)
          return stripeError(
            reply,
            400,
            `The subscription is managed by the subscription schedule \`${String(subscription.schedule)}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
          );
        updated.items = this.withPrice(subscription, priceId);
      }
      this.save(updated);
      this.emit('customer.subscription.updated', updated, subscription);
      if (priceId && body.proration_behavior === 'always_invoice')
        return this.prorate(subscription, updated);
      return updated;
    });

    api.delete('/v1/subscriptions/:id', async (request, reply) => {
      const subscription = this.get(param(request));
      if (!subscription || subscription.object !== 'subscription')
        return this.found(reply, param(request), 'subscription');
      if (subscription.status === 'canceled')
        return stripeError(reply, 400, `This subscription is already canceled.`);
      return this.cancelNow(subscription);
    });

    api.post('/v1/subscription_schedules', async (request, reply) => {
      const body = (request.body ?? {}) as Body;
      const subscription =
        typeof body.from_subscription === 'string' ? this.get(body.from_subscription) : undefined;
      if (!subscription || subscription.object !== 'subscription')
        return stripeError(
          reply,
          400,
          `No such subscription: '${String(body.from_subscription)}' (the sandbox creates schedules from subscriptions only)`,
        );
      if (subscription.schedule)
        return stripeError(
          reply,
          400,
          `You cannot migrate a subscription that is already attached to a schedule: \`${String(subscription.schedule)}\`.`,
        );
      const item = this.item(subscription);
      const schedule = this.save(
        this.fromFixture('subscription_schedule', {
          id: newId('subscription_schedule'),
          customer: subscription.customer,
          subscription: subscription.id,
          status: 'active',
          end_behavior: 'release',
          canceled_at: null,
          completed_at: null,
          released_at: null,
          released_subscription: null,
          metadata: body.metadata ?? {},
          test_clock: SANDBOX_CLOCK_ID,
          current_phase: {
            start_date: item.current_period_start,
            end_date: item.current_period_end,
          },
          phases: [
            this.phase(
              String((item.price as StripeObject).id),
              Number(item.current_period_start),
              Number(item.current_period_end),
            ),
          ],
        }),
      );
      this.save({ ...subscription, schedule: schedule.id });
      this.emit('subscription_schedule.created', schedule);
      return schedule;
    });

    api.get('/v1/subscription_schedules/:id', async (request, reply) =>
      this.found(reply, param(request), 'subscription_schedule'),
    );

    api.post('/v1/subscription_schedules/:id', async (request, reply) => {
      const schedule = this.get(param(request));
      if (!schedule || schedule.object !== 'subscription_schedule')
        return this.found(reply, param(request), 'subscription_schedule');
      if (schedule.status !== 'active' && schedule.status !== 'not_started')
        return stripeError(reply, 400, `You cannot update a schedule that is ${schedule.status}.`);
      const body = (request.body ?? {}) as Body;
      const updated: StripeObject = { ...schedule };
      if (typeof body.end_behavior === 'string') updated.end_behavior = body.end_behavior;
      if (body.metadata && typeof body.metadata === 'object')
        updated.metadata = { ...(schedule.metadata as Body), ...(body.metadata as Body) };
      if (Array.isArray(body.phases)) {
        const phases: Body[] = [];
        let start = Number((schedule.phases as Body[])[0].start_date);
        for (const [index, raw] of (body.phases as Body[]).entries()) {
          const priceId = (raw.items as { price?: string }[] | undefined)?.[0]?.price;
          if (!priceId || !SANDBOX_PRICES[priceId])
            return stripeError(
              reply,
              400,
              `phases[${index}][items][0][price] must be a known price.`,
            );
          if (raw.start_date && raw.start_date !== 'now') start = Number(raw.start_date);
          const duration = raw.duration as
            { interval?: string; interval_count?: string } | undefined;
          const end = raw.end_date
            ? Number(raw.end_date)
            : duration?.interval === 'month'
              ? addMonths(start, Number(duration.interval_count ?? 1))
              : addMonths(start, SANDBOX_PRICES[priceId].interval_count);
          if (end <= start)
            return stripeError(reply, 400, `phases[${index}][end_date] must be after its start.`);
          phases.push(this.phase(priceId, start, end));
          start = end;
        }
        updated.phases = phases;
        const current = phases.find(
          (phase) => Number(phase.start_date) <= this.now() && this.now() < Number(phase.end_date),
        );
        updated.current_phase = current
          ? { start_date: current.start_date, end_date: current.end_date }
          : null;
      }
      this.save(updated);
      this.emit('subscription_schedule.updated', updated, schedule);
      return updated;
    });

    api.post('/v1/subscription_schedules/:id/release', async (request, reply) => {
      const schedule = this.get(param(request));
      if (!schedule || schedule.object !== 'subscription_schedule')
        return this.found(reply, param(request), 'subscription_schedule');
      if (schedule.status !== 'active')
        return stripeError(reply, 400, `You cannot release a schedule that is ${schedule.status}.`);
      return this.release(schedule);
    });
  }

  private billingRoutes(): void {
    const api = this.app;
    api.post('/v1/coupons', async (request, reply) => {
      const body = (request.body ?? {}) as Body;
      const id = typeof body.id === 'string' && body.id ? body.id : newId('coupon').slice(7);
      if (this.get(id))
        return stripeError(reply, 400, 'Coupon already exists.', 'invalid_request_error', {
          code: 'resource_already_exists',
        });
      const percent = body.percent_off === undefined ? null : Number(body.percent_off);
      const amountOff = body.amount_off === undefined ? null : Number(body.amount_off);
      if ((percent === null) === (amountOff === null))
        return stripeError(reply, 400, 'Exactly one of percent_off or amount_off is required.');
      if (percent !== null && !(percent > 0 && percent <= 100))
        return stripeError(reply, 400, 'percent_off must be between 0 and 100.');
      if (amountOff !== null && !(Number.isInteger(amountOff) && amountOff > 0))
        return stripeError(reply, 400, 'amount_off must be a positive integer.');
      const duration = String(body.duration ?? 'once');
      return this.save(
        this.fromFixture('coupon', {
          id,
          amount_off: amountOff,
          currency: amountOff === null ? null : String(body.currency ?? 'usd'),
          percent_off: percent,
          duration,
          duration_in_months:
            duration === 'repeating' ? Number(body.duration_in_months ?? 1) : null,
          name: body.name ?? (percent !== null ? `${percent}% off` : `${money(amountOff!)} off`),
          metadata: body.metadata ?? {},
          redeem_by: null,
          times_redeemed: 0,
          valid: true,
        }),
      );
    });
    api.get('/v1/coupons/:id', async (request, reply) =>
      this.found(reply, param(request), 'coupon'),
    );
    api.post('/v1/coupons/:id', async (request, reply) => {
      const coupon = this.get(param(request));
      if (!coupon || coupon.object !== 'coupon') return this.found(reply, param(request), 'coupon');
      const body = (request.body ?? {}) as Body;
      return this.save({
        ...coupon,
        ...(typeof body.name === 'string' ? { name: body.name } : {}),
        ...(body.metadata && typeof body.metadata === 'object'
          ? { metadata: { ...(coupon.metadata as Body), ...(body.metadata as Body) } }
          : {}),
      });
    });

    api.post('/v1/promotion_codes', async (request, reply) => {
      const body = (request.body ?? {}) as Body;
      const couponId = (body.promotion as Body | undefined)?.coupon;
      const coupon = typeof couponId === 'string' ? this.get(couponId) : undefined;
      if (!coupon || coupon.object !== 'coupon')
        return stripeError(reply, 400, `No such coupon: '${String(couponId)}'`);
      const code = String(body.code ?? newId('promotion_code').slice(6, 14)).toUpperCase();
      if (
        this.all(
          'promotion_code',
          (promo) => promo.active === true && String(promo.code).toUpperCase() === code,
        ).length
      )
        return stripeError(
          reply,
          400,
          'An active promotion code with `code: ' + code + '` already exists.',
          'invalid_request_error',
          { code: 'resource_already_exists' },
        );
      return this.save(
        this.fromFixture('promotion_code', {
          id: newId('promotion_code'),
          code,
          active: body.active === undefined ? true : body.active === 'true',
          customer: null,
          expires_at: body.expires_at ? Number(body.expires_at) : null,
          max_redemptions: body.max_redemptions ? Number(body.max_redemptions) : null,
          metadata: body.metadata ?? {},
          times_redeemed: 0,
          promotion: { type: 'coupon', coupon: coupon.id },
        }),
      );
    });
    api.get('/v1/promotion_codes', async (request) => {
      const query = request.query as Body;
      return list(
        this.all(
          'promotion_code',
          (promo) =>
            (!query.code ||
              String(promo.code).toUpperCase() === String(query.code).toUpperCase()) &&
            (query.active === undefined || String(promo.active) === String(query.active)),
        ),
        '/v1/promotion_codes',
      );
    });
    api.get('/v1/promotion_codes/:id', async (request, reply) =>
      this.found(reply, param(request), 'promotion_code'),
    );
    api.post('/v1/promotion_codes/:id', async (request, reply) => {
      const promo = this.get(param(request));
      if (!promo || promo.object !== 'promotion_code')
        return this.found(reply, param(request), 'promotion_code');
      const body = (request.body ?? {}) as Body;
      const updated = this.save({
        ...promo,
        ...(body.active !== undefined ? { active: body.active === 'true' } : {}),
        ...(body.metadata && typeof body.metadata === 'object'
          ? { metadata: { ...(promo.metadata as Body), ...(body.metadata as Body) } }
          : {}),
      });
      this.emit('promotion_code.updated', updated, promo);
      return updated;
    });
    api.delete('/v1/subscriptions/:id/discount', async (request, reply) => {
      const subscription = this.get(param(request));
      if (!subscription || subscription.object !== 'subscription')
        return this.found(reply, param(request), 'subscription');
      const discounts = (subscription.discounts as string[] | undefined) ?? [];
      if (discounts.length === 0)
        return stripeError(reply, 404, 'This subscription has no discount.');
      const updated = this.save({ ...subscription, discounts: [] });
      this.emit('customer.discount.deleted', this.get(discounts[0])!);
      this.emit('customer.subscription.updated', updated, subscription);
      return { object: 'discount', id: discounts[0], deleted: true };
    });
    api.get('/v1/invoices', async (request) => {
      const query = request.query as Body;
      const listed = page(
        this.all(
          'invoice',
          (invoice) =>
            (!query.customer || invoice.customer === query.customer) &&
            (!query.subscription || invoice.subscription === query.subscription) &&
            (!query.status || invoice.status === query.status),
        ),
        query,
        '/v1/invoices',
      );
      // `expand[]=data.payments`: each invoice with its payments, as Stripe includes them.
      if (![query.expand].flat().includes('data.payments')) return listed;
      const wanted = new Set(listed.data.map((invoice) => invoice.id));
      const payments = new Map<string, StripeObject[]>();
      for (const payment of this.all('invoice_payment', (candidate) =>
        wanted.has(String(candidate.invoice)),
      ))
        payments.set(String(payment.invoice), [
          ...(payments.get(String(payment.invoice)) ?? []),
          payment,
        ]);
      return {
        ...listed,
        data: listed.data.map((invoice) => ({
          ...invoice,
          payments: list(
            payments.get(invoice.id) ?? [],
            `/v1/invoice_payments?invoice=${invoice.id}`,
          ),
        })),
      };
    });
    // What a change would invoice now, without changing anything (Stripe's proration preview).
    api.post('/v1/invoices/create_preview', async (request, reply) => {
      const body = (request.body ?? {}) as Body;
      const subscription =
        typeof body.subscription === 'string' ? this.get(body.subscription) : undefined;
      if (!subscription || subscription.object !== 'subscription')
        return stripeError(reply, 400, `No such subscription: '${String(body.subscription)}'`);
      const details = (body.subscription_details ?? {}) as Body;
      const priceId = (details.items as { price?: string }[] | undefined)?.[0]?.price;
      if (!priceId || !SANDBOX_PRICES[priceId])
        return stripeError(
          reply,
          400,
          'subscription_details[items][0][price] must be a known price.',
        );
      const after = { ...subscription, items: this.withPrice(subscription, priceId) };
      const net = this.prorationAmount(subscription, after);
      return this.fromFixture('invoice', {
        id: null,
        customer: subscription.customer,
        subscription: subscription.id,
        status: 'draft',
        billing_reason: 'subscription_update',
        amount_due: Math.max(0, net),
        amount_paid: 0,
        amount_remaining: Math.max(0, net),
        subtotal: net,
        subtotal_excluding_tax: net,
        total: net,
        total_excluding_tax: net,
        starting_balance: 0,
        ending_balance: Math.min(0, net),
        currency: 'usd',
        lines: { object: 'list', data: [], has_more: false, url: '/v1/invoices/upcoming/lines' },
        hosted_invoice_url: null,
        invoice_pdf: null,
        discounts: [],
        from_invoice: null,
        last_finalization_error: null,
        test_clock: SANDBOX_CLOCK_ID,
      });
    });
    api.get('/v1/invoices/:id', async (request, reply) =>
      this.found(reply, param(request), 'invoice'),
    );
    api.get('/v1/invoice_payments', async (request) => {
      const query = request.query as Body;
      return list(
        this.all('invoice_payment', (payment) => payment.invoice === query.invoice),
        '/v1/invoice_payments',
      );
    });

    api.get('/v1/charges', async (request) => {
      const query = request.query as Body;
      return page(
        this.all('charge', (charge) => !query.customer || charge.customer === query.customer),
        query,
        '/v1/charges',
      );
    });
    api.get('/v1/charges/:id', async (request, reply) =>
      this.found(reply, param(request), 'charge'),
    );

    api.post('/v1/refunds', async (request, reply) => {
      const body = (request.body ?? {}) as Body;
      const charge = typeof body.charge === 'string' ? this.get(body.charge) : undefined;
      if (!charge || charge.object !== 'charge')
        return stripeError(reply, 400, `No such charge: '${String(body.charge)}'`);
      const refundable = Number(charge.amount) - Number(charge.amount_refunded);
      const amount = body.amount === undefined ? refundable : Number(body.amount);
      if (!Number.isInteger(amount) || amount <= 0)
        return stripeError(reply, 400, 'Invalid positive integer', 'invalid_request_error', {
          param: 'amount',
        });
      if (charge.status !== 'succeeded' || amount > refundable)
        return stripeError(
          reply,
          400,
          `Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(refundable)})`,
          'invalid_request_error',
          { code: 'amount_too_large', param: 'amount' },
        );
      const refund = this.save(
        this.fromFixture('refund', {
          id: newId('refund'),
          amount,
          charge: charge.id,
          currency: charge.currency,
          reason: body.reason ?? null,
          metadata: body.metadata ?? {},
          status: 'succeeded',
          customer: charge.customer,
          payment_method: charge.payment_method,
          payment_intent: null,
        }),
      );
      const refunded = this.save({
        ...charge,
        amount_refunded: Number(charge.amount_refunded) + amount,
        refunded: Number(charge.amount_refunded) + amount === Number(charge.amount),
      });
      this.emit('refund.created', refund);
      this.emit('charge.refunded', refunded, charge);
      return refund;
    });
    api.get('/v1/refunds/:id', async (request, reply) =>
      this.found(reply, param(request), 'refund'),
    );

    api.get('/receipts/:id', async (request, reply) => {
      const charge = this.get(param(request));
      if (!charge || charge.object !== 'charge')
        return reply.status(404).type('text/html').send('<h1>Receipt not found</h1>');
      return reply.type('text/html; charset=utf-8').send(
        receiptPage(
          charge as unknown as {
            id: string;
            amount: number;
            description: unknown;
            created: number;
          },
        ),
      );
    });
  }

  private clockRoutes(): void {
    const api = this.app;
    api.get('/v1/test_helpers/test_clocks/:id', async (request, reply) =>
      param(request) === SANDBOX_CLOCK_ID
        ? this.clock()
        : stripeError(reply, 404, `No such test_clock: '${param(request)}'`),
    );
    api.post('/v1/test_helpers/test_clocks/:id/advance', async (request, reply) => {
      if (param(request) !== SANDBOX_CLOCK_ID)
        return stripeError(reply, 404, `No such test_clock: '${param(request)}'`);
      const frozenTime = Number(((request.body ?? {}) as Body).frozen_time);
      if (!Number.isInteger(frozenTime) || frozenTime <= this.now())
        return stripeError(reply, 400, 'The frozen_time must be later than the current time.');
      this.advance(frozenTime);
      return this.clock();
    });

    // The sandbox's dashboard, where a developer (or a browser test) moves the clock.
    api.get('/', async (_request, reply) => {
      const rows = this.all('subscription').map((subscription) => ({
        id: subscription.id,
        status: subscription.status,
        email: this.get(String(subscription.customer))?.email,
        plan: String((this.item(subscription).price as StripeObject).nickname),
      }));
      return reply
        .type('text/html; charset=utf-8')
        .send(dashboardPage(this.now(), rows, this.holdDeliveries));
    });
    // Holding deliveries stands for webhooks that never arrive (events stay undelivered).
    api.post('/webhooks/hold', async (_request, reply) => {
      this.holdDeliveries = true;
      return reply.redirect('/', 303);
    });
    api.post('/webhooks/resume', async (_request, reply) => {
      this.holdDeliveries = false;
      return reply.redirect('/', 303);
    });
    api.post('/clock/advance', async (request, reply) => {
      const months = Number(((request.body ?? {}) as Body).months ?? 1);
      if (!Number.isInteger(months) || months < 1 || months > 24)
        return reply.status(400).type('text/html').send('<h1>Months must be 1 to 24</h1>');
      this.advance(addMonths(this.now(), months));
      return reply.redirect('/', 303);
    });
  }

  private clock(): StripeObject {
    return this.fromFixture('test_helpers.test_clock', {
      id: SANDBOX_CLOCK_ID,
      created: realNow(),
      deletes_after: this.now() + 30 * 24 * 3600,
      frozen_time: this.now(),
      name: 'Sandbox clock',
      status: 'ready',
      status_details: {},
    });
  }

  private found(reply: FastifyReply, id: string, object: string) {
    const found = this.get(id);
    if (!found || found.object !== object)
      return stripeError(reply, 404, `No such ${object.replace(/[._]/g, ' ')}: '${id}'`);
    return found;
  }

  private price(id: string): StripeObject {
    const price = SANDBOX_PRICES[id];
    return this.fromFixture('price', {
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

  private phase(priceId: string, start: number, end: number): Body {
    const fixture = (STRIPE_FIXTURES.subscription_schedule.phases as Body[])[0];
    const item = (fixture.items as Body[])[0];
    return {
      ...structuredClone(fixture),
      start_date: start,
      end_date: end,
      items: [{ ...structuredClone(item), price: priceId, quantity: 1, metadata: {} }],
    };
  }

  private item(subscription: StripeObject): Body {
    return (subscription.items as { data: Body[] }).data[0];
  }

  private periodEnd(subscription: StripeObject): number {
    return Number(this.item(subscription).current_period_end);
  }

  /** The subscription's items with one price (the sandbox bills one item per subscription). */
  private withPrice(subscription: StripeObject, priceId: string, start?: number, end?: number) {
    const items = subscription.items as Body;
    const item = this.item(subscription);
    return {
      ...items,
      data: [
        {
          ...item,
          price: this.price(priceId),
          current_period_start: start ?? item.current_period_start,
          current_period_end: end ?? item.current_period_end,
        },
      ],
    };
  }

  private expireIfDue(id: string): StripeObject | undefined {
    const session = this.get(id);
    if (
      session?.object === 'checkout.session' &&
      session.status === 'open' &&
      Number(session.expires_at) <= realNow()
    )
      this.expire(session);
    return this.get(id);
  }

  private expire(session: StripeObject): StripeObject {
    const expired = this.save({ ...session, status: 'expired', url: null });
    this.emit('checkout.session.expired', expired);
    return expired;
  }

  /** An active, unexpired promotion code with redemptions left, by its code. */
  private redeemable(code: string): StripeObject | undefined {
    return this.all(
      'promotion_code',
      (promo) =>
        promo.active === true &&
        String(promo.code).toUpperCase() === code.toUpperCase() &&
        (promo.expires_at === null || Number(promo.expires_at) > realNow()) &&
        (promo.max_redemptions === null ||
          Number(promo.times_redeemed) < Number(promo.max_redemptions)),
    )[0];
  }

  /** What paying on the checkout page does: a card, a subscription and its first invoice, a complete session. */
  pay(session: StripeObject, promo?: StripeObject): StripeObject {
    const existing = session.customer ? this.get(String(session.customer)) : undefined;
    const customer =
      existing ??
      this.save(
        this.fromFixture('customer', {
          id: newId('customer'),
          email: session.customer_email,
          metadata: {},
          discount: null,
          test_clock: SANDBOX_CLOCK_ID,
        }),
      );
    if (!(customer.invoice_settings as Body | undefined)?.default_payment_method)
      this.save(
        this.updateCustomer(customer, {
          invoice_settings: { default_payment_method: 'pm_card_visa' },
        }),
      );
    const subscription = this.subscribe(
      customer.id,
      String(session.sandbox_price),
      (session.sandbox_subscription_metadata as Body | undefined) ?? {},
      promo,
    );
    if (promo) {
      const redeemed = this.save({ ...promo, times_redeemed: Number(promo.times_redeemed) + 1 });
      this.emit('promotion_code.updated', redeemed, promo);
    }
    const completed = this.save({
      ...session,
      customer: customer.id,
      status: 'complete',
      payment_status: 'paid',
      subscription: subscription.id,
      invoice: subscription.latest_invoice,
      url: null,
    });
    this.emit('checkout.session.completed', completed);
    return completed;
  }

  /** A new subscription, billed at once. */
  private subscribe(
    customerId: string,
    priceId: string,
    metadata: Body,
    promo?: StripeObject,
  ): StripeObject {
    const price = SANDBOX_PRICES[priceId];
    const start = this.now();
    const subscriptionId = newId('subscription');
    const item = structuredClone(
      (STRIPE_FIXTURES.subscription.items as { data: Body[] }).data?.[0] ?? {},
    );
    const subscription = this.save(
      this.fromFixture('subscription', {
        id: subscriptionId,
        customer: customerId,
        status: 'active',
        start_date: start,
        billing_cycle_anchor: start,
        cancel_at: null,
        canceled_at: null,
        cancel_at_period_end: false,
        ended_at: null,
        schedule: null,
        discounts: [],
        test_clock: SANDBOX_CLOCK_ID,
        metadata,
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
              current_period_end: addMonths(start, price.interval_count),
            },
          ],
          has_more: false,
          url: `/v1/subscription_items?subscription=${subscriptionId}`,
        },
      }),
    );
    this.emit('customer.subscription.created', subscription);
    if (promo) {
      const coupon = this.get(String((promo.promotion as Body).coupon))!;
      const discount = this.discount(coupon, subscription);
      this.save({ ...discount, promotion_code: promo.id });
      return this.bill(
        this.save({ ...subscription, discounts: [discount.id] }),
        'subscription_create',
      );
    }
    return this.bill(subscription, 'subscription_create');
  }

  /**
   * Invoices the current period and charges the customer's default card. A declined card leaves
   * the invoice open and the subscription past_due, as Stripe's smart retries would at first.
   */
  private bill(subscription: StripeObject, reason: string, prorated?: number): StripeObject {
    const customer = this.get(String(subscription.customer))!;
    const methodId = (customer.invoice_settings as Body | undefined)?.default_payment_method;
    const method = methodId ? this.get(String(methodId)) : undefined;
    const paid = !!method && !method.sandbox_declines;
    const item = this.item(subscription);
    const price = item.price as StripeObject;
    const full = prorated ?? Number(price.unit_amount);
    const amount =
      full - (prorated === undefined ? this.discountOff(subscription, full, this.now()) : 0);
    const periodStart = Number(item.current_period_start);
    const periodEnd = Number(item.current_period_end);
    const invoiceId = newId('invoice');
    const description = prorated
      ? `Remaining time on ${String(price.nickname)} after the plan change`
      : `1 × ${String(price.nickname)} (at ${money(amount)} / ${
          Number((price.recurring as Body).interval_count) === 1
            ? 'month'
            : `every ${String((price.recurring as Body).interval_count)} months`
        })`;
    const fixtureLine = (STRIPE_FIXTURES.invoice.lines as { data: Body[] }).data[0];

    const charge = this.save(
      this.fromFixture('charge', {
        id: newId('charge'),
        amount,
        amount_captured: paid ? amount : 0,
        amount_refunded: 0,
        captured: paid,
        paid,
        refunded: false,
        status: paid ? 'succeeded' : 'failed',
        failure_code: paid ? null : 'card_declined',
        failure_message: paid ? null : 'Your card was declined.',
        customer: customer.id,
        description:
          reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
        receipt_email: customer.email ?? null,
        receipt_url: `${this.url}/receipts/PLACEHOLDER`,
        payment_intent: null,
        payment_method: method?.id ?? null,
        payment_method_details: {
          ...(STRIPE_FIXTURES.charge.payment_method_details as Body),
          card: {
            ...((STRIPE_FIXTURES.charge.payment_method_details as Body).card as Body),
            brand: (method?.card as Body | undefined)?.brand ?? null,
            last4: (method?.card as Body | undefined)?.last4 ?? null,
          },
        },
        metadata: {},
        refunds: { object: 'list', data: [], has_more: false, url: '/v1/refunds' },
      }),
    );
    this.save({ ...charge, receipt_url: `${this.url}/receipts/${charge.id}` });
    const invoice = this.save(
      this.fromFixture('invoice', {
        id: invoiceId,
        number: `SANDBOX-${invoiceId.slice(-6).toUpperCase()}`,
        customer: customer.id,
        customer_email: customer.email ?? null,
        customer_name: customer.name ?? null,
        subscription: subscription.id,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
        },
        billing_reason: reason,
        status: paid ? 'paid' : 'open',
        attempted: true,
        attempt_count: 1,
        auto_advance: !paid,
        amount_due: amount,
        amount_paid: paid ? amount : 0,
        amount_remaining: paid ? 0 : amount,
        subtotal: full,
        subtotal_excluding_tax: full,
        total: amount,
        total_excluding_tax: amount,
        description: null,
        discounts: [],
        period_start: periodStart,
        period_end: periodStart,
        due_date: null,
        from_invoice: null,
        last_finalization_error: null,
        hosted_invoice_url: `${this.url}/receipts/${charge.id}`,
        invoice_pdf: null,
        test_clock: SANDBOX_CLOCK_ID,
        status_transitions: {
          finalized_at: this.now(),
          marked_uncollectible_at: null,
          paid_at: paid ? this.now() : null,
          voided_at: null,
        },
        lines: {
          object: 'list',
          data: [
            {
              ...structuredClone(fixtureLine),
              id: `il_${randomBytes(8).toString('hex')}`,
              invoice: invoiceId,
              amount,
              description,
              period: { start: periodStart, end: periodEnd },
              subscription: subscription.id,
              parent: {
                type: 'subscription_item_details',
                invoice_item_details: null,
                subscription_item_details: {
                  invoice_item: null,
                  proration: false,
                  proration_details: { credited_items: null },
                  subscription: subscription.id,
                  subscription_item: item.id,
                },
              },
            },
          ],
          has_more: false,
          url: `/v1/invoices/${invoiceId}/lines`,
        },
      }),
    );
    this.save(
      this.fromFixture('invoice_payment', {
        id: newId('invoice_payment'),
        invoice: invoice.id,
        amount_paid: paid ? amount : null,
        amount_requested: amount,
        currency: 'usd',
        is_default: true,
        payment: { type: 'charge', charge: charge.id },
        status: paid ? 'paid' : 'open',
        status_transitions: { canceled_at: null, paid_at: paid ? this.now() : null },
      }),
    );
    const billed = this.save({
      ...subscription,
      latest_invoice: invoice.id,
      status: paid ? 'active' : 'past_due',
    });
    this.emit(paid ? 'charge.succeeded' : 'charge.failed', this.get(charge.id)!);
    this.emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    if (billed.status !== subscription.status)
      this.emit('customer.subscription.updated', billed, subscription);
    return billed;
  }

  /**
   * A price change invoiced at once: the unused part of the old price is credited and the rest of
   * the period charged at the new one. A net credit goes to the customer's balance.
   */
  private prorationAmount(before: StripeObject, after: StripeObject): number {
    const item = this.item(before);
    const start = Number(item.current_period_start);
    const end = Number(item.current_period_end);
    const left = Math.max(0, Math.min(1, (end - this.now()) / Math.max(1, end - start)));
    const oldAmount = Number((item.price as StripeObject).unit_amount);
    const newAmount = Number((this.item(after).price as StripeObject).unit_amount);
    return Math.round((newAmount - oldAmount) * left);
  }

  private prorate(before: StripeObject, after: StripeObject): StripeObject {
    const net = this.prorationAmount(before, after);
    if (net <= 0) {
      const customer = this.get(String(after.customer))!;
      this.save({ ...customer, balance: Number(customer.balance ?? 0) + net });
      return after;
    }
    return this.bill(after, 'subscription_update', net);
  }

  /** A coupon applied to a subscription, from now until its duration runs out. */
  private discount(coupon: StripeObject, subscription: StripeObject): StripeObject {
    const start = this.now();
    const months = coupon.duration === 'repeating' ? Number(coupon.duration_in_months) : null;
    const discount = this.save(
      this.fromFixture('discount', {
        id: newId('discount'),
        customer: subscription.customer,
        subscription: subscription.id,
        start,
        end: months ? addMonths(start, months) : null,
        checkout_session: null,
        invoice: null,
        invoice_item: null,
        promotion_code: null,
        subscription_item: null,
        source: { coupon: coupon.id, type: 'coupon' },
        sandbox_once: coupon.duration === 'once',
      }),
    );
    this.save({ ...coupon, times_redeemed: Number(coupon.times_redeemed) + 1 });
    this.emit('customer.discount.created', discount);
    return discount;
  }

  /** What the subscription's active discount, if any, takes off `amount` at `time`. */
  private discountOff(subscription: StripeObject, amount: number, time: number): number {
    const [discountId] = (subscription.discounts as string[] | undefined) ?? [];
    const discount = discountId ? this.get(discountId) : undefined;
    if (!discount || (discount.end !== null && Number(discount.end) <= time)) return 0;
    const coupon = this.get(String((discount.source as Body).coupon));
    if (coupon?.amount_off) return Math.min(amount, Number(coupon.amount_off));
    return Math.round((amount * Number(coupon?.percent_off ?? 0)) / 100);
  }

  private cancelNow(subscription: StripeObject): StripeObject {
    const canceled = this.save({
      ...subscription,
      status: 'canceled',
      canceled_at: subscription.canceled_at ?? this.now(),
      ended_at: this.now(),
      cancel_at_period_end: false,
    });
    this.emit('customer.subscription.deleted', canceled);
    return canceled;
  }

  private release(schedule: StripeObject): StripeObject {
    const released = this.save({
      ...schedule,
      status: 'released',
      released_at: this.now(),
      released_subscription: schedule.subscription,
      subscription: null,
      current_phase: null,
    });
    const subscription = this.get(String(schedule.subscription));
    if (subscription) this.save({ ...subscription, schedule: null });
    this.emit('subscription_schedule.released', released);
    return released;
  }

  /**
   * Moves the test clock to `time`, running what Stripe's billing would in between: period ends
   * cancel or renew subscriptions, and schedules start their next phase or release at the end.
   */
  advance(time: number): void {
    this.state.clockOffset = time - realNow();
    this.persist();
    for (;;) {
      const due = this.all(
        'subscription',
        (subscription) =>
          ['active', 'past_due', 'trialing'].includes(String(subscription.status)) &&
          this.periodEnd(subscription) <= time,
      ).sort((a, b) => this.periodEnd(a) - this.periodEnd(b))[0];
      if (!due) break;
      this.renew(due);
    }
  }

  private renew(subscription: StripeObject): void {
    const boundary = this.periodEnd(subscription);
    if (subscription.cancel_at_period_end) {
      this.cancelNow({ ...subscription, ended_at: boundary });
      return;
    }
    let priceId = String((this.item(subscription).price as StripeObject).id);
    const schedule = subscription.schedule ? this.get(String(subscription.schedule)) : undefined;
    if (schedule?.status === 'active') {
      const phases = schedule.phases as Body[];
      const next = phases.find((phase) => Number(phase.start_date) === boundary);
      if (next) {
        priceId = String((next.items as Body[])[0].price);
        const before = schedule;
        const moved = this.save({
          ...schedule,
          current_phase: { start_date: next.start_date, end_date: next.end_date },
        });
        this.emit('subscription_schedule.updated', moved, before);
      } else if (Number(phases.at(-1)?.end_date) <= boundary) {
        if (schedule.end_behavior === 'cancel') {
          this.cancelNow(subscription);
          this.save({ ...this.get(schedule.id)!, status: 'completed', completed_at: boundary });
          return;
        }
        this.release(schedule);
      }
    }
    const current = this.get(subscription.id)!;
    const end = addMonths(boundary, SANDBOX_PRICES[priceId].interval_count);
    const renewed = this.save({
      ...current,
      items: this.withPrice(current, priceId, boundary, end),
    });
    this.emit('customer.subscription.updated', renewed, current);
    this.bill(renewed, 'subscription_cycle');
  }

  /** Records an event and delivers it, signed as Stripe signs, until the backend accepts it. */
  emit(type: string, object: StripeObject, previous?: StripeObject): StripeObject | undefined {
    if (this.quiet) return undefined;
    const previousAttributes = previous
      ? Object.fromEntries(
          Object.entries(previous).filter(
            ([key, value]) => JSON.stringify(value) !== JSON.stringify(object[key]),
          ),
        )
      : undefined;
    const event = this.save(
      this.fromFixture('event', {
        id: newId('event'),
        type,
        api_version: Stripe.API_VERSION,
        data: {
          object: structuredClone(object),
          ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
        },
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      }),
    );
    if (!this.holdDeliveries) this.deliver(event, 0);
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
}
