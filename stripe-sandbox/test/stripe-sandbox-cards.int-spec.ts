import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import type { StripeSandbox } from '../src/index.js';
import { sandboxForSuite } from './sandbox-under-test.js';
import { waitFor } from './wait.js';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/** A webhook endpoint that answers 500 while `refusing`, and counts what it was sent. */
class Endpoint {
  refusing = false;
  attempts = new Map<string, number>();
  accepted = new Set<string>();
  url = '';
  private readonly server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { id } = JSON.parse(body) as { id: string };
      this.attempts.set(id, (this.attempts.get(id) ?? 0) + 1);
      if (this.refusing) return response.writeHead(500).end();
      this.accepted.add(id);
      response.writeHead(200).end();
    });
  });
  async listen() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}/`;
  }
  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe('Stripe’s test cards, incomplete subscriptions and event deliveries in the sandbox', () => {
  const endpoint = new Endpoint();
  const suite = sandboxForSuite({
    webhookSecret: 'whsec_cards',
    webhookUrl: () => endpoint.url,
    retryDelayMs: 20,
  });
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  const events = suite.events;
  const eventsAbout = (id: string) =>
    events().filter((event) => {
      const object = event.data.object as { id?: string; customer?: unknown };
      return object.id === id || object.customer === id;
    });
  const advance = (seconds: number) =>
    stripe.testHelpers.testClocks.advance('clock_sandbox', {
      frozen_time: sandbox.now() + seconds,
    });

  beforeAll(async () => {
    ({ sandbox, stripe } = suite);
    await endpoint.listen();
  });
  afterAll(() => endpoint.close());

  it.each([
    ['pm_card_chargeDeclined', 'generic_decline', 'Your card was declined.'],
    [
      'pm_card_chargeDeclinedInsufficientFunds',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
  ])(
    'refuses to attach %s to a customer, with its decline code',
    async (token, declineCode, message) => {
      const attempt = stripe.customers.create({
        email: `${declineCode}@example.com`,
        invoice_settings: { default_payment_method: token },
      });
      await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
      await expect(attempt).rejects.toMatchObject({
        statusCode: 402,
        type: 'StripeCardError',
        code: 'card_declined',
        decline_code: declineCode,
        message,
      });
    },
  );

  it.each([
    ['4000000000000002', 'generic_decline'],
    ['4000000000009995', 'insufficient_funds'],
  ])(
    'declines a payment with card %s: a failed charge and the intent’s last error',
    async (number, declineCode) => {
      const method = await stripe.paymentMethods.create({
        type: 'card',
        card: { number, exp_month: 12, exp_year: 2040, cvc: '123' },
      });
      expect(method.card).toMatchObject({ last4: number.slice(-4) });
      const customer = await stripe.customers.create({ email: `${number}@example.com` });
      await expect(
        stripe.paymentMethods.attach(method.id, { customer: customer.id }),
      ).rejects.toMatchObject({
        type: 'StripeCardError',
        code: 'card_declined',
        decline_code: declineCode,
      });

      const error = (await stripe.paymentIntents
        .create({ amount: 2_000, currency: 'usd', payment_method: method.id, confirm: true })
        .catch((caught: unknown) => caught)) as Stripe.errors.StripeCardError;
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(error).toMatchObject({ code: 'card_declined', decline_code: declineCode });
      const intent = await stripe.paymentIntents.retrieve(error.payment_intent!.id);
      expect(intent).toMatchObject({
        status: 'requires_payment_method',
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: declineCode,
        },
      });
      const charge = await stripe.charges.retrieve(String(intent.latest_charge));
      expect(charge).toMatchObject({
        status: 'failed',
        paid: false,
        payment_intent: intent.id,
        failure_code: 'card_declined',
        outcome: {
          type: 'issuer_declined',
          reason: declineCode,
          network_status: 'declined_by_network',
        },
      });
      await waitFor(async () => (endpoint.accepted.has(charge.id) ? true : undefined)).catch(
        () => {},
      );
      const types = events()
        .filter((event) =>
          [charge.id, intent.id].includes((event.data.object as { id: string }).id),
        )
        .map((event) => event.type);
      expect(types).toEqual([
        'payment_intent.created',
        'charge.failed',
        'payment_intent.payment_failed',
      ]);
    },
  );

  it('attaches card 4000000000000341 to a customer, then declines its payments', async () => {
    const method = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4000 0000 0000 0341', exp_month: 12, exp_year: 2040, cvc: '123' },
    });
    const customer = await stripe.customers.create({ email: '0341@example.com' });
    expect(await stripe.paymentMethods.attach(method.id, { customer: customer.id })).toMatchObject({
      id: method.id,
      customer: customer.id,
      card: { last4: '0341' },
    });
    await expect(
      stripe.paymentIntents.create({
        amount: 1_000,
        currency: 'usd',
        customer: customer.id,
        payment_method: method.id,
        confirm: true,
      }),
    ).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    await expect(
      stripe.paymentMethods.create({ type: 'card', card: { number: '4111111111111112' } }),
    ).rejects.toMatchObject({ statusCode: 402, code: 'incorrect_number' });
  });

  it('attaches 0341, then fails its first payment: the subscription is incomplete, then incomplete_expired 23 hours later', async () => {
    const customer = await stripe.customers.create({
      email: 'incomplete@example.com',
      invoice_settings: { default_payment_method: 'pm_card_chargeCustomerFail' },
    });
    const method = await stripe.paymentMethods.retrieve(
      String(customer.invoice_settings.default_payment_method),
    );
    expect(method).toMatchObject({ customer: customer.id, card: { last4: '0341' } });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_prospector' }],
    });
    expect(subscription.status).toBe('incomplete');
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 1, next_payment_attempt: null });
    const [intent] = (await stripe.paymentIntents.list({ customer: customer.id })).data;
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amount: 7_500,
      last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' },
    });
    const [charge] = (await stripe.charges.list({ customer: customer.id })).data;
    expect(charge).toMatchObject({
      status: 'failed',
      failure_code: 'card_declined',
      payment_intent: intent.id,
    });
    expect(eventsAbout(customer.id).map((event) => event.type)).toEqual([
      'customer.created',
      'payment_method.attached',
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'payment_intent.created',
      'charge.failed',
      'payment_intent.payment_failed',
      'invoice.payment_failed',
    ]);
    // Paying again at once raises the card error, and the intent is the same one.
    const paid = stripe.invoices.pay(invoice.id!);
    await expect(paid).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(paid).rejects.toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    expect((await stripe.paymentIntents.list({ customer: customer.id })).data).toHaveLength(1);

    // No retries: 22 hours on nothing has happened; at 23 hours the subscription expires.
    const created = subscription.created;
    await stripe.testHelpers.testClocks.advance('clock_sandbox', {
      frozen_time: created + 22 * HOUR,
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('incomplete');
    expect((await stripe.charges.list({ customer: customer.id })).data).toHaveLength(2);
    const from = events().length;
    await stripe.testHelpers.testClocks.advance('clock_sandbox', {
      frozen_time: created + 24 * HOUR,
    });
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      status: 'incomplete_expired',
      ended_at: created + 23 * HOUR,
    });
    expect(await stripe.invoices.retrieve(invoice.id!)).toMatchObject({
      status: 'void',
      status_transitions: { voided_at: created + 23 * HOUR },
    });
    expect((await stripe.charges.list({ customer: customer.id })).data).toHaveLength(2);
    const expiry = events()
      .slice(from)
      .filter((event) => eventsAbout(customer.id).includes(event));
    expect(expiry.map((event) => event.type)).toEqual([
      'payment_intent.canceled',
      'invoice.voided',
      'customer.subscription.updated',
    ]);
    expect(expiry[2].data.previous_attributes).toEqual({ status: 'incomplete', ended_at: null });
    // Nothing is attempted as the clock goes on.
    await advance(40 * DAY);
    expect((await stripe.charges.list({ customer: customer.id })).data).toHaveLength(2);
  });

  it('raises the card error and makes no subscription with payment_behavior error_if_incomplete', async () => {
    const customer = await stripe.customers.create({
      email: 'error-if-incomplete@example.com',
      invoice_settings: { default_payment_method: 'pm_card_chargeCustomerFail' },
    });
    const attempt = stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_prospector' }],
      payment_behavior: 'error_if_incomplete',
    });
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(attempt).rejects.toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    expect(
      (await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data,
    ).toEqual([]);
  });

  it('turns an incomplete subscription active when its invoice is paid with a card that pays', async () => {
    const customer = await stripe.customers.create({
      email: 'completed@example.com',
      invoice_settings: { default_payment_method: 'pm_card_chargeCustomerFail' },
    });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_networker' }],
    });
    await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    expect(await stripe.invoices.pay(String(subscription.latest_invoice))).toMatchObject({
      status: 'paid',
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    const [intent] = (await stripe.paymentIntents.list({ customer: customer.id })).data;
    expect(intent).toMatchObject({ status: 'succeeded', last_payment_error: null });
  });

  it('sends in previous_attributes only the changed keys of nested objects', async () => {
    const customer = await stripe.customers.create({
      email: 'nested@example.com',
      metadata: { plan: 'prospector', team: 'north' },
      address: { city: 'Lyon', country: 'FR' },
    });
    await stripe.customers.update(customer.id, {
      metadata: { plan: 'networker', seats: '3' },
      address: { city: 'Paris' },
    });
    const updated = eventsAbout(customer.id).find((event) => event.type === 'customer.updated')!;
    expect(updated.data.previous_attributes).toEqual({
      metadata: { plan: 'prospector', seats: null },
      address: { city: 'Lyon' },
    });
  });

  it('retries a refused delivery with backoff, and gives up after three days of clock time', async () => {
    endpoint.refusing = true;
    const customer = await stripe.customers.create({ email: 'refused@example.com' });
    const [created] = eventsAbout(customer.id);
    await waitFor(async () => ((endpoint.attempts.get(created.id) ?? 0) >= 3 ? true : undefined));
    // Two days on it is still being retried, and it arrives once the endpoint answers.
    await advance(2 * DAY);
    expect(sandbox.pendingDeliveries).toBeGreaterThan(0);
    const refusedFor = await stripe.customers.update(customer.id, { name: 'Three days' });
    const [, later] = eventsAbout(refusedFor.id);
    await waitFor(async () => ((endpoint.attempts.get(later.id) ?? 0) >= 2 ? true : undefined));
    endpoint.refusing = false;
    await waitFor(async () => (endpoint.accepted.has(created.id) ? true : undefined));
    await waitFor(async () => (endpoint.accepted.has(later.id) ? true : undefined));

    endpoint.refusing = true;
    await stripe.customers.update(customer.id, { name: 'Given up' });
    const last = eventsAbout(customer.id).at(-1)!;
    await waitFor(async () => ((endpoint.attempts.get(last.id) ?? 0) >= 2 ? true : undefined));
    await advance(3 * DAY + HOUR);
    await waitFor(async () => (sandbox.abandonedEvents.includes(last.id) ? true : undefined));
    expect(sandbox.abandonedEvents).toEqual([last.id]);
    endpoint.refusing = false;
    const attempts = endpoint.attempts.get(last.id);
    // A later event arrives, the abandoned one never does.
    const after = await stripe.customers.update(customer.id, { name: 'After' });
    const next = eventsAbout(after.id).at(-1)!;
    await waitFor(async () => (endpoint.accepted.has(next.id) ? true : undefined));
    expect(endpoint.accepted.has(last.id)).toBe(false);
    expect(endpoint.attempts.get(last.id)).toBe(attempts);
  });

  it('counts the three days of retries on the time of the event’s clock', async () => {
    const yearAgo = Math.floor(Date.now() / 1000) - 365 * DAY;
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: yearAgo });
    endpoint.refusing = true;
    const customer = await stripe.customers.create({
      email: 'past-clock@example.com',
      test_clock: clock.id,
    });
    const [created] = eventsAbout(customer.id);
    expect(created.created).toBe(yearAgo);
    // A year before the sandbox's own time, but a moment ago on its clock: still retried.
    await waitFor(async () => ((endpoint.attempts.get(created.id) ?? 0) >= 3 ? true : undefined));
    expect(sandbox.abandonedEvents).not.toContain(created.id);
    endpoint.refusing = false;
    await waitFor(async () => (endpoint.accepted.has(created.id) ? true : undefined));
  });
});
