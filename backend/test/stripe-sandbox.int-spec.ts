import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import { StripeSandbox } from '../src/stripe-sandbox/stripe-sandbox.js';
import { waitFor } from './support/wait.js';

const SECRET = 'whsec_sandbox_test_secret';
const fixturesFile = fileURLToPath(
  new URL('../../../shared/stripe/fixtures3.json', import.meta.url),
);

/** Stripe's reference objects, when the shared folder is beside the repository (as in CI). */
const reference: Record<string, Record<string, unknown>> | undefined = existsSync(fixturesFile)
  ? (
      JSON.parse(readFileSync(fixturesFile, 'utf8')) as {
        resources: Record<string, Record<string, unknown>>;
      }
    ).resources
  : undefined;

const typeOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** Every key of Stripe's example is present with the same type (null allowed where Stripe's is nullable or ours is unset). */
function expectStripeShape(resource: string, object: Record<string, unknown>) {
  const example = reference?.[resource];
  expect(example).toBeDefined();
  for (const [key, value] of Object.entries(example!)) {
    expect({ key, present: key in object }).toEqual({ key, present: true });
    const ours = object[key];
    if (ours !== null && value !== null)
      expect({ key, type: typeOf(ours) }).toEqual({ key, type: typeOf(value) });
  }
}

class WebhookReceiver {
  received: Stripe.Event[] = [];
  refuseNext = 0;
  private server: Server;
  url = '';
  constructor() {
    const verifier = new Stripe('sk_test_verifier');
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (this.refuseNext > 0) {
          this.refuseNext -= 1;
          return response.writeHead(500).end();
        }
        try {
          this.received.push(
            verifier.webhooks.constructEvent(
              body,
              String(request.headers['stripe-signature']),
              SECRET,
            ),
          );
          response.writeHead(200).end();
        } catch {
          response.writeHead(400).end();
        }
      });
    });
  }
  async listen() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}/webhook`;
  }
  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe('the local Stripe sandbox, through the official SDK', () => {
  const receiver = new WebhookReceiver();
  let sandbox: StripeSandbox;
  let stripe: Stripe;

  beforeAll(async () => {
    await receiver.listen();
    sandbox = new StripeSandbox({
      webhookSecret: SECRET,
      webhookUrl: () => receiver.url,
      retryDelayMs: 50,
    });
    const url = new URL(await sandbox.start());
    stripe = new Stripe('sk_test_local', {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
    });
  });
  afterAll(async () => {
    await sandbox.stop();
    await receiver.close();
  });

  it('refuses calls without a test key, in Stripe’s error shape', async () => {
    const other = new Stripe('sk_live_nope', {
      host: new URL(sandbox.url).hostname,
      port: Number(new URL(sandbox.url).port),
      protocol: 'http',
    });
    await expect(other.customers.create({ email: 'x@example.com' })).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
  });

  it('creates and retrieves customers with Stripe’s shape', async () => {
    const customer: Stripe.Customer = await stripe.customers.create({
      email: 'buyer@example.com',
      name: 'Ada Lovelace',
      metadata: { source: 'test' },
    });
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'buyer@example.com',
      name: 'Ada Lovelace',
      metadata: { source: 'test' },
      livemode: false,
    });
    expect(customer.id).toMatch(/^cus_\w+$/);
    expectStripeShape('customer', customer as unknown as Record<string, unknown>);
    expect(await stripe.customers.retrieve(customer.id)).toEqual(customer);
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      statusCode: 404,
      type: 'StripeInvalidRequestError',
    });
  });

  it('answers a repeated Idempotency-Key with the first object', async () => {
    const first = await stripe.customers.create(
      { email: 'once@example.com' },
      { idempotencyKey: 'reservation-1:customer' },
    );
    const again = await stripe.customers.create(
      { email: 'once@example.com' },
      { idempotencyKey: 'reservation-1:customer' },
    );
    expect(again.id).toBe(first.id);
  });

  it('runs a subscription checkout: page, pay, redirect, signed events', async () => {
    const customer = await stripe.customers.create({ email: 'payer@example.com' });
    const session: Stripe.Checkout.Session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_founding_member', quantity: 1 }],
      allow_promotion_codes: true,
      success_url: 'http://localhost:3000/founding-member-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/',
      metadata: { reservation_id: 'r1' },
      expires_at: Math.floor(Date.now() / 1000) + 1800,
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      mode: 'subscription',
      amount_total: 5000,
      allow_promotion_codes: true,
    });
    expect(session.id).toMatch(/^cs_test_\w+$/);
    expectStripeShape('checkout.session', session as unknown as Record<string, unknown>);

    const page = await fetch(session.url!);
    expect(await page.text()).toContain('Pay $50.00');

    receiver.refuseNext = 2; // the first two deliveries fail; the sandbox must retry
    const paid = await fetch(`${sandbox.url}/checkout/${session.id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://localhost:3000/founding-member-success?session_id=${session.id}`,
    );

    const completed = await waitFor(async () =>
      receiver.received.find((event) => event.type === 'checkout.session.completed'),
    );
    expectStripeShape('event', completed as unknown as Record<string, unknown>);
    const object = completed.data.object as Stripe.Checkout.Session;
    expect(object).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      metadata: { reservation_id: 'r1' },
    });
    const subscription: Stripe.Subscription = await stripe.subscriptions.retrieve(
      String(object.subscription),
    );
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: customer.id,
    });
    expect(subscription.items.data[0].price).toMatchObject({
      id: 'price_founding_member',
      unit_amount: 5000,
      recurring: { interval: 'month', interval_count: 3 },
    });
    expectStripeShape('subscription', subscription as unknown as Record<string, unknown>);
    expect(
      receiver.received.filter((event) => event.type === 'customer.subscription.created'),
    ).toHaveLength(1);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');
  });

  it('expires an open session on request, with its event', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_founding_member', quantity: 1 }],
      success_url: 'http://localhost:3000/ok',
    });
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired.status).toBe('expired');
    await waitFor(async () =>
      receiver.received.find(
        (event) =>
          event.type === 'checkout.session.expired' &&
          (event.data.object as { id: string }).id === session.id,
      ),
    );
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('opens billing portal sessions with Stripe’s shape', async () => {
    const customer = await stripe.customers.create({ email: 'portal@example.com' });
    const session: Stripe.BillingPortal.Session = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:3000/back',
    });
    expect(session).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: 'http://localhost:3000/back',
    });
    expectStripeShape('billing_portal.session', session as unknown as Record<string, unknown>);
    expect(await (await fetch(session.url)).text()).toContain('portal@example.com');
    await expect(
      stripe.billingPortal.sessions.create({ customer: 'cus_missing' }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refuses an unknown price', async () => {
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_nope', quantity: 1 }],
        success_url: 'http://x/ok',
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});
