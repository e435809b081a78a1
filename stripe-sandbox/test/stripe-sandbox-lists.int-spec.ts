import type Stripe from 'stripe';
import type { StripeSandbox } from '../src/index.js';
import { sandboxForSuite } from './sandbox-under-test.js';

const DAY = 86_400;
const ids = (page: { data: { id: string }[] }) => page.data.map((item) => item.id);

describe('the Stripe sandbox’s list filters and PaymentIntents, through the official SDK', () => {
  const suite = sandboxForSuite(
    { webhookSecret: 'whsec_lists', webhookUrl: () => undefined, clockStart: 1_700_000_000 },
    'sk_test_lists',
  );
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let customer: Stripe.Customer;
  let other: Stripe.Customer;
  /** Three subscriptions made a day apart on the test clock, oldest first; the middle one canceled. */
  let subscriptions: Stripe.Subscription[];

  beforeAll(async () => {
    ({ sandbox, stripe } = suite);
    customer = await stripe.customers.create({
      email: 'lists@example.com',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    other = await stripe.customers.create({ email: 'other@example.com' });
    subscriptions = [];
    for (let index = 0; index < 3; index += 1) {
      subscriptions.push(
        await stripe.subscriptions.create({
          customer: customer.id,
          items: [{ price: 'price_prospector' }],
        }),
      );
      await stripe.testHelpers.testClocks.advance('clock_sandbox', {
        frozen_time: sandbox.now() + DAY,
      });
    }
    await stripe.subscriptions.cancel(subscriptions[1].id);
  });

  it('filters subscriptions by status', async () => {
    const [first, canceled, last] = subscriptions.map((subscription) => subscription.id);
    expect(ids(await stripe.subscriptions.list({ status: 'canceled' }))).toEqual([canceled]);
    expect(ids(await stripe.subscriptions.list({ status: 'active' }))).toEqual([last, first]);
    expect(ids(await stripe.subscriptions.list({ status: 'all' }))).toEqual([
      last,
      canceled,
      first,
    ]);
  });

  it('filters subscriptions by price, and invoice payments by status', async () => {
    const all = await stripe.subscriptions.list({ status: 'all', price: 'price_prospector' });
    expect(all.data).toHaveLength(3);
    expect((await stripe.subscriptions.list({ price: 'price_networker' })).data).toEqual([]);
    expect((await stripe.invoicePayments.list({ status: 'paid' })).data).toHaveLength(3);
    expect((await stripe.invoicePayments.list({ status: 'open' })).data).toEqual([]);
  });

  it('filters on created: each bound, and an exact time', async () => {
    const times = subscriptions.map((subscription) => subscription.created);
    const [first, second, third] = subscriptions.map((subscription) => subscription.id);
    const list = (created: Stripe.RangeQueryParam | number) =>
      stripe.subscriptions.list({ status: 'all', created }).then(ids);
    expect(await list({ gt: times[0] })).toEqual([third, second]);
    expect(await list({ gte: times[1] })).toEqual([third, second]);
    expect(await list({ lt: times[1] })).toEqual([first]);
    expect(await list({ lte: times[1] })).toEqual([second, first]);
    expect(await list({ gt: times[0], lt: times[2] })).toEqual([second]);
    expect(await list(times[2])).toEqual([third]);
    const invoices = await stripe.invoices.list({ created: { gte: times[1] } });
    expect(invoices.data.map((invoice) => invoice.created).sort()).toEqual([times[1], times[2]]);
    expect((await stripe.charges.list({ created: { lt: times[1] } })).data).toHaveLength(1);
  });

  it('filters invoices by status, customers by email, events by type', async () => {
    expect((await stripe.invoices.list({ status: 'paid' })).data).toHaveLength(3);
    expect((await stripe.invoices.list({ status: 'open' })).data).toHaveLength(0);
    expect(ids(await stripe.customers.list({ email: 'other@example.com' }))).toEqual([other.id]);
    expect(ids(await stripe.customers.list({ limit: 100 }))).toEqual([other.id, customer.id]);
    const created = await stripe.events.list({ type: 'customer.subscription.created' });
    expect(created.data.map((event) => event.type)).toEqual(Array(3).fill(created.data[0].type));
    expect(created.data).toHaveLength(3);
    const customers = await stripe.events.list({ type: 'customer.*', limit: 100 });
    expect(customers.data.every((event) => event.type.startsWith('customer.'))).toBe(true);
    expect(customers.data.map((event) => event.type)).toContain('customer.created');
    const some = await stripe.events.list({ types: ['invoice.paid', 'charge.succeeded'] });
    expect(new Set(some.data.map((event) => event.type))).toEqual(
      new Set(['invoice.paid', 'charge.succeeded']),
    );
  });

  it('filters promotion codes by coupon', async () => {
    const [tenth, half] = [
      await stripe.coupons.create({ percent_off: 10, duration: 'once' }),
      await stripe.coupons.create({ percent_off: 50, duration: 'once' }),
    ];
    const code = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: tenth.id },
    });
    await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: half.id } });
    expect(ids(await stripe.promotionCodes.list({ coupon: tenth.id }))).toEqual([code.id]);
    expect((await stripe.promotionCodes.list({})).data).toHaveLength(2);
  });

  it('gives each charge its PaymentIntent, readable by its id', async () => {
    const [charge] = (await stripe.charges.list({ customer: customer.id, limit: 1 })).data;
    expect(charge.payment_intent).toMatch(/^pi_/);
    const intent = await stripe.paymentIntents.retrieve(String(charge.payment_intent));
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: charge.amount,
      amount_received: charge.amount,
      latest_charge: charge.id,
      customer: customer.id,
    });
    const byIntent = await stripe.charges.list({ payment_intent: intent.id });
    expect(ids(byIntent)).toEqual([charge.id]);
  });

  it('refunds a PaymentIntent’s charge, as it refunds a charge', async () => {
    const charges = (await stripe.charges.list({ customer: customer.id })).data;
    const [byIntent, byCharge] = charges;
    const refund = await stripe.refunds.create({
      payment_intent: String(byIntent.payment_intent),
      amount: 1_000,
    });
    expect(refund).toMatchObject({
      charge: byIntent.id,
      payment_intent: byIntent.payment_intent,
      amount: 1_000,
      status: 'succeeded',
    });
    expect(await stripe.charges.retrieve(byIntent.id)).toMatchObject({ amount_refunded: 1_000 });
    const whole = await stripe.refunds.create({ charge: byCharge.id });
    expect(whole).toMatchObject({
      amount: byCharge.amount,
      payment_intent: byCharge.payment_intent,
    });
    expect(
      ids(await stripe.refunds.list({ payment_intent: String(byIntent.payment_intent) })),
    ).toEqual([refund.id]);
    await expect(stripe.refunds.create({ payment_intent: 'pi_nothing' })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'payment_intent',
      message: "No such payment_intent: 'pi_nothing'",
    });
    await expect(stripe.refunds.create({})).rejects.toMatchObject({ statusCode: 400 });
  });
});
