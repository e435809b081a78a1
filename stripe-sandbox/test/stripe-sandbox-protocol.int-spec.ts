import { jest } from '@jest/globals';
import Stripe from 'stripe';
import type { StripeSandbox } from '../src/index.js';
import { startSandbox } from './sandbox-under-test.js';

/** A sandbox of its own (lists count every object of a type) and the official SDK on it. */
const startOwnSandbox = () =>
  startSandbox(
    {
      webhookSecret: 'whsec_protocol',
      webhookUrl: () => undefined,
    },
    'sk_test_protocol',
  );

/** Every object an auto-paging list yields, checked to be each once. */
async function everyPaged<T extends { id: string }>(items: AsyncIterable<T>): Promise<string[]> {
  const ids: string[] = [];
  for await (const item of items) ids.push(item.id);
  expect(new Set(ids).size).toBe(ids.length);
  return ids;
}

const ROWS = 105;

describe('the Stripe sandbox’s lists, through the official SDK', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let customer: Stripe.Customer;
  /** Ids in order of creation, per kind. */
  const created: Record<string, string[]> = {};

  beforeAll(async () => {
    ({ sandbox, stripe } = await startOwnSandbox());
    customer = await stripe.customers.create({
      email: 'pages@example.com',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    const coupon = await stripe.coupons.create({ percent_off: 10, duration: 'once' });
    created.subscriptions = [];
    created.sessions = [];
    created.promotionCodes = [];
    for (let index = 0; index < ROWS; index += 1) {
      created.subscriptions.push(
        (
          await stripe.subscriptions.create({
            customer: customer.id,
            items: [{ price: 'price_prospector' }],
          })
        ).id,
      );
      created.sessions.push(
        (
          await stripe.checkout.sessions.create({
            mode: 'subscription',
            customer: customer.id,
            line_items: [{ price: 'price_prospector', quantity: 1 }],
            success_url: 'http://localhost:3000/ok',
          })
        ).id,
      );
      created.promotionCodes.push(
        (
          await stripe.promotionCodes.create({
            promotion: { type: 'coupon', coupon: coupon.id },
            code: `PAGE${index}`,
          })
        ).id,
      );
      // Each update attaches another test card.
      await stripe.customers.update(customer.id, {
        invoice_settings: { default_payment_method: 'pm_card_visa' },
      });
    }
  }, 60_000);
  afterAll(() => sandbox.stop());

  it('pages every list past 100 objects, newest first, each object once', async () => {
    const newestFirst = (ids: string[]) => [...ids].reverse();
    expect(
      await everyPaged(stripe.subscriptions.list({ customer: customer.id, limit: 100 })),
    ).toEqual(newestFirst(created.subscriptions));
    expect(
      await everyPaged(stripe.checkout.sessions.list({ customer: customer.id, limit: 100 })),
    ).toEqual(newestFirst(created.sessions));
    expect(await everyPaged(stripe.promotionCodes.list({ limit: 100 }))).toEqual(
      newestFirst(created.promotionCodes),
    );

    const invoices = await everyPaged(stripe.invoices.list({ customer: customer.id, limit: 100 }));
    expect(invoices).toHaveLength(ROWS);
    expect(
      await everyPaged(stripe.charges.list({ customer: customer.id, limit: 100 })),
    ).toHaveLength(ROWS);
    expect(await everyPaged(stripe.invoicePayments.list({ limit: 100 }))).toHaveLength(ROWS);
    // One card from the create, one from each update.
    expect(
      await everyPaged(stripe.paymentMethods.list({ customer: customer.id, limit: 100 })),
    ).toHaveLength(ROWS + 1);
    expect(
      await stripe.customers
        .listPaymentMethods(customer.id, { limit: 100 })
        .autoPagingToArray({ limit: 1000 }),
    ).toHaveLength(ROWS + 1);
  }, 60_000);

  it('answers ten rows by default, with has_more and the list’s url', async () => {
    const page = await stripe.subscriptions.list({ customer: customer.id });
    expect(page).toMatchObject({ object: 'list', has_more: true, url: '/v1/subscriptions' });
    expect(page.data.map((row) => row.id)).toEqual(
      [...created.subscriptions].reverse().slice(0, 10),
    );
    const methods = await stripe.customers.listPaymentMethods(customer.id);
    expect(methods.url).toBe(`/v1/customers/${customer.id}/payment_methods`);
    expect(methods.data).toHaveLength(10);
  });

  it('pages forwards with starting_after and backwards with ending_before', async () => {
    const ids = [...created.promotionCodes].reverse();
    const after = await stripe.promotionCodes.list({ limit: 5, starting_after: ids[9] });
    expect(after.data.map((row) => row.id)).toEqual(ids.slice(10, 15));
    expect(after.has_more).toBe(true);
    const before = await stripe.promotionCodes.list({ limit: 5, ending_before: ids[10] });
    expect(before.data.map((row) => row.id)).toEqual(ids.slice(5, 10));
    expect(before.has_more).toBe(true);
    const first = await stripe.promotionCodes.list({ limit: 5, ending_before: ids[3] });
    expect(first.data.map((row) => row.id)).toEqual(ids.slice(0, 3));
    expect(first.has_more).toBe(false);
    const last = await stripe.promotionCodes.list({ limit: 100, starting_after: ids[100] });
    expect(last.data.map((row) => row.id)).toEqual(ids.slice(101));
    expect(last.has_more).toBe(false);
    // The SDK pages backwards from the cursor to the newest object.
    expect(
      await everyPaged(stripe.promotionCodes.list({ limit: 10, ending_before: ids.at(-1) })),
    ).toEqual(ids.slice(0, -1).reverse());
  });

  it('refuses a limit outside 1–100 and a cursor that names nothing, as Stripe does', async () => {
    for (const limit of [0, 101])
      await expect(stripe.subscriptions.list({ limit })).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        param: 'limit',
        message: 'Invalid limit: must be between 1 and 100',
      });
    await expect(stripe.invoices.list({ starting_after: 'in_missing' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'resource_missing',
      param: 'starting_after',
      message: "No such invoice: 'in_missing'",
    });
  });

  it('filters lists on created ranges', async () => {
    const [newest] = (await stripe.checkout.sessions.list({ limit: 1 })).data;
    const later = await stripe.checkout.sessions.list({ created: { gt: newest.created } });
    expect(later.data).toEqual([]);
    const same = await stripe.checkout.sessions.list({
      created: { gte: newest.created },
      limit: 1,
    });
    expect(same.data[0].id).toBe(newest.id);
  });
});

describe('the Stripe sandbox’s expand[], through the official SDK', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let customer: Stripe.Customer;
  let subscription: Stripe.Subscription;

  beforeAll(async () => {
    ({ sandbox, stripe } = await startOwnSandbox());
    customer = await stripe.customers.create({
      email: 'expand@example.com',
      test_clock: 'clock_sandbox',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_networker' }],
    });
  });
  afterAll(() => sandbox.stop());

  it('replaces ids by their objects, along nested paths', async () => {
    const expanded = await stripe.subscriptions.retrieve(subscription.id, {
      expand: [
        'customer',
        'latest_invoice.payments.data.payment.charge',
        'default_payment_method',
        'test_clock',
      ],
    });
    expect(expanded.customer).toMatchObject({ id: customer.id, object: 'customer' });
    expect(expanded.default_payment_method).toBeNull();
    expect(expanded.test_clock).toMatchObject({ id: 'clock_sandbox' });
    const invoice = expanded.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ object: 'invoice', status: 'paid', amount_paid: 14_500 });
    const [payment] = invoice.payments!.data;
    expect(payment).toMatchObject({ object: 'invoice_payment', invoice: invoice.id });
    expect(payment.payment.charge).toMatchObject({ object: 'charge', amount: 14_500 });

    const withCard = await stripe.customers.retrieve(customer.id, {
      expand: ['invoice_settings.default_payment_method'],
    });
    expect((withCard as Stripe.Customer).invoice_settings.default_payment_method).toMatchObject({
      object: 'payment_method',
      card: { last4: '4242' },
    });

    // What was expanded for one answer is not kept: the objects still hold ids.
    const plain = await stripe.subscriptions.retrieve(subscription.id);
    expect(typeof plain.customer).toBe('string');
    expect(typeof plain.latest_invoice).toBe('string');
  });

  it('expands the items of lists under data., and on the answers of POSTs', async () => {
    const listed = await stripe.subscriptions.list({
      customer: customer.id,
      expand: ['data.customer', 'data.latest_invoice'],
    });
    expect(listed.data[0].customer).toMatchObject({ id: customer.id });
    expect(listed.data[0].latest_invoice).toMatchObject({ object: 'invoice' });

    const invoices = await stripe.invoices.list({
      customer: customer.id,
      expand: ['data.payments'],
    });
    expect(invoices.data[0].payments!.data).toHaveLength(1);
    const payments = await stripe.invoicePayments.list({
      invoice: invoices.data[0].id!,
      expand: ['data.payment.charge'],
    });
    const charge = payments.data[0].payment.charge as Stripe.Charge;
    expect(charge.object).toBe('charge');

    const refund = await stripe.refunds.create({
      charge: charge.id,
      amount: 100,
      expand: ['charge', 'charge.customer'],
    });
    expect(refund.charge).toMatchObject({ id: charge.id, customer: { id: customer.id } });
  });

  it('expands a promotion code’s coupon and a checkout session’s line items and subscription', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 25, duration: 'once' });
    const code = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'EXPAND25',
    });
    const promo = await stripe.promotionCodes.retrieve(code.id, { expand: ['promotion.coupon'] });
    expect(promo.promotion.coupon).toMatchObject({ id: coupon.id, percent_off: 25 });

    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_founding_member', quantity: 1 }],
      success_url: 'http://localhost:3000/ok',
      expand: ['line_items'],
    });
    expect(session.line_items!.data).toEqual([
      expect.objectContaining({
        object: 'item',
        quantity: 1,
        amount_total: 5000,
        price: expect.objectContaining({ id: 'price_founding_member', unit_amount: 5000 }),
      }),
    ]);
    const paid = await fetch(`${sandbox.url}/checkout/${session.id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const completed = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'customer', 'line_items'],
    });
    expect(completed.subscription).toMatchObject({ object: 'subscription', status: 'active' });
    expect(completed.customer).toMatchObject({ id: customer.id });
    expect(completed.line_items!.data[0].price!.id).toBe('price_founding_member');
  });

  it('refuses a path that cannot be expanded with Stripe’s 400', async () => {
    for (const path of ['metadata', 'nope', 'customer.email', 'items.data.price.nickname'])
      await expect(
        stripe.subscriptions.retrieve(subscription.id, { expand: [path] }),
      ).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        message: `This property cannot be expanded (${path}).`,
      });
    await expect(
      stripe.subscriptions.list({ customer: customer.id, expand: ['customer'] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message:
        "This property cannot be expanded (customer). You may want to try expanding 'data.customer' instead.",
    });
  });

  it('keeps the answer of a POST that acted before its expand failed, for its key', async () => {
    const [charge] = (await stripe.charges.list({ customer: customer.id, limit: 1 })).data;
    const refund = () =>
      stripe.refunds
        .create(
          { charge: charge.id, amount: 50, expand: ['nope'] },
          { idempotencyKey: 'bad-expand' },
        )
        .catch((caught: Stripe.errors.StripeError) => caught);
    const first = await refund();
    expect(first).toMatchObject({
      statusCode: 400,
      message: 'This property cannot be expanded (nope).',
    });
    const again = await refund();
    expect(again).toMatchObject({ statusCode: 400, headers: { 'idempotent-replayed': 'true' } });
    const after = await stripe.charges.retrieve(charge.id);
    expect(after.amount_refunded - charge.amount_refunded).toBe(50);
  });
});

describe('the Stripe sandbox’s errors and Request-Id, through the official SDK', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;

  beforeAll(async () => ({ sandbox, stripe } = await startOwnSandbox()));
  afterAll(() => sandbox.stop());

  it('gives every answer a Request-Id of its own', async () => {
    const first = await stripe.customers.create({ email: 'one@example.com' });
    const second = await stripe.customers.retrieve(first.id);
    expect(first.lastResponse.requestId).toMatch(/^req_[A-Za-z0-9]{14}$/);
    expect(second.lastResponse.requestId).toMatch(/^req_[A-Za-z0-9]{14}$/);
    expect(second.lastResponse.requestId).not.toBe(first.lastResponse.requestId);
  });

  it('answers a missing object with 404 resource_missing on param id', async () => {
    const error = await stripe.customers.retrieve('cus_missing').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such customer: 'cus_missing'",
      doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
      rawType: 'invalid_request_error',
    });
    const { requestId, request_log_url: log } = error as Stripe.errors.StripeError;
    expect(requestId).toMatch(/^req_\w{14}$/);
    expect(log).toMatch(new RegExp(`^https://dashboard\\.stripe\\.com/test/logs/${requestId}`));
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such subscription: 'sub_missing'",
    });
  });

  it('answers an id in the body that names nothing with 400 on that parameter', async () => {
    const error = await stripe.subscriptions
      .create({ customer: 'cus_missing', items: [{ price: 'price_prospector' }] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'customer',
      message: "No such customer: 'cus_missing'",
    });
    expect((error as Stripe.errors.StripeError).requestId).toMatch(/^req_/);
    await expect(
      stripe.billingPortal.sessions.create({ customer: 'cus_gone' }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
    const customer = await stripe.customers.create({ email: 'card@example.com' });
    await expect(
      stripe.customers.update(customer.id, {
        invoice_settings: { default_payment_method: 'pm_missing' },
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'invoice_settings[default_payment_method]',
      message: "No such PaymentMethod: 'pm_missing'",
    });
  });

  it('answers a URL it does not serve in Stripe’s envelope', async () => {
    const error = await stripe.rawRequest('GET', '/v1/foo').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 404,
      message:
        'Unrecognized request URL (GET: /v1/foo). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.',
    });
    expect((error as Stripe.errors.StripeError).requestId).toMatch(/^req_/);

    const answer = await fetch(`${sandbox.url}/v1/customers/cus_x/nothing?limit=3`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_protocol' },
    });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('request-id')).toMatch(/^req_/);
    expect(await answer.json()).toEqual({
      error: {
        message:
          'Unrecognized request URL (POST: /v1/customers/cus_x/nothing). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.',
        request_log_url: expect.stringMatching(
          /^https:\/\/dashboard\.stripe\.com\/test\/logs\/req_/,
        ),
        type: 'invalid_request_error',
      },
    });
  });
});

describe('the Stripe sandbox’s idempotency keys, through the official SDK', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;

  beforeAll(async () => ({ sandbox, stripe } = await startOwnSandbox()));
  afterAll(() => sandbox.stop());
  afterEach(() => jest.restoreAllMocks());

  it('replays the first answer with Idempotent-Replayed: true', async () => {
    const first = await stripe.customers.create(
      { email: 'replay@example.com' },
      { idempotencyKey: 'replay-1' },
    );
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    const again = await stripe.customers.create(
      { email: 'replay@example.com' },
      { idempotencyKey: 'replay-1' },
    );
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(again.lastResponse.headers['original-request']).toBe(first.lastResponse.requestId);
    expect(again.lastResponse.requestId).not.toBe(first.lastResponse.requestId);
    expect(again.lastResponse.idempotencyKey).toBe('replay-1');
  });

  it('refuses the same key with other parameters with idempotency_error', async () => {
    await stripe.customers.create({ email: 'first@example.com' }, { idempotencyKey: 'k' });
    const error = await stripe.customers
      .create({ email: 'second@example.com' }, { idempotencyKey: 'k' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({
      statusCode: 400,
      rawType: 'idempotency_error',
      message:
        "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'k' if you meant to execute a different request.",
    });
    expect((error as Stripe.errors.StripeError).requestId).toMatch(/^req_/);
  });

  it('forgets a key after 24 hours of real time', async () => {
    const first = await stripe.customers.create(
      { email: 'expiry@example.com' },
      { idempotencyKey: 'expiry-1' },
    );
    const realNow = Date.now;
    const now = realNow();
    jest.spyOn(Date, 'now').mockImplementation(() => now + 23 * 3600 * 1000);
    const within = await stripe.customers.create(
      { email: 'expiry@example.com' },
      { idempotencyKey: 'expiry-1' },
    );
    expect(within.id).toBe(first.id);
    jest.spyOn(Date, 'now').mockImplementation(() => now + 24 * 3600 * 1000 + 1000);
    const after = await stripe.customers.create(
      { email: 'expiry@example.com' },
      { idempotencyKey: 'expiry-1' },
    );
    expect(after.id).not.toBe(first.id);
    expect(after.lastResponse.headers['idempotent-replayed']).toBeUndefined();
  });

  it('saves no answer for refused parameters: the key can be used again, corrected', async () => {
    await expect(
      stripe.subscriptions.create(
        { customer: 'cus_missing', items: [{ price: 'price_prospector' }] },
        { idempotencyKey: 'refused-1' },
      ),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing' });
    const customer = await stripe.customers.create({
      email: 'corrected@example.com',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    const subscription = await stripe.subscriptions.create(
      { customer: customer.id, items: [{ price: 'price_prospector' }] },
      { idempotencyKey: 'refused-1' },
    );
    expect(subscription.status).toBe('active');
  });
});

describe('the Stripe sandbox’s billing calendar, on the test clock', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;

  beforeAll(async () => ({ sandbox, stripe } = await startOwnSandbox()));
  afterAll(() => sandbox.stop());

  it('bills a subscription started on the 31st on the last day of short months, then the 31st again', async () => {
    const year = new Date().getUTCFullYear() + 1;
    await stripe.testHelpers.testClocks.advance('clock_sandbox', {
      frozen_time: Date.UTC(year, 0, 31, 12) / 1000,
    });
    const customer = await stripe.customers.create({
      email: 'calendar@example.com',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_prospector' }],
    });
    // The sandbox's clock runs on after an advance: the anchor is January 31, about noon.
    const anchor = subscription.billing_cycle_anchor;
    const time = new Date(anchor * 1000).toISOString().slice(10);
    expect(new Date(anchor * 1000).toISOString().slice(0, 10)).toBe(`${year}-01-31`);
    const ends: string[] = [];
    let current = subscription;
    for (let period = 0; period < 4; period += 1) {
      const end = current.items.data[0].current_period_end;
      ends.push(new Date(end * 1000).toISOString());
      await stripe.testHelpers.testClocks.advance('clock_sandbox', { frozen_time: end + 60 });
      current = await stripe.subscriptions.retrieve(subscription.id);
      expect(current.items.data[0].current_period_start).toBe(end);
    }
    const february = new Date(Date.UTC(year, 2, 0)).getUTCDate();
    expect(ends).toEqual([
      `${year}-02-${february}${time}`,
      `${year}-03-31${time}`,
      `${year}-04-30${time}`,
      `${year}-05-31${time}`,
    ]);
    expect(current.billing_cycle_anchor).toBe(anchor);
    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data).toHaveLength(5);
  });
});
