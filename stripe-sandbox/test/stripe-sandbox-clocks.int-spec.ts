import Stripe from 'stripe';
import { sandboxForSuite } from './sandbox-under-test.js';
import { waitFor } from './wait.js';

const DAY = 24 * 60 * 60;

describe('test clocks as Stripe has them, through the official SDK', () => {
  const suite = sandboxForSuite({ webhookSecret: 'whsec_clocks', webhookUrl: () => undefined });
  let stripe: Stripe;
  const events = suite.events;
  const clockEvents = (id: string, from = 0) =>
    events()
      .slice(from)
      .filter((event) => (event.data.object as { id: string }).id === id)
      .map((event) => [event.type, (event.data.object as Stripe.TestHelpers.TestClock).status]);

  beforeAll(() => void ({ stripe } = suite));

  it('makes a new clock in the past; only customers created on it live on its time', async () => {
    await expect(stripe.testHelpers.testClocks.create({} as never)).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'frozen_time',
    });
    const yearAgo = Math.floor(Date.now() / 1000) - 365 * DAY;
    const clock = await stripe.testHelpers.testClocks.create({
      frozen_time: yearAgo,
      name: 'A year ago',
    });
    expect(clock).toMatchObject({
      object: 'test_helpers.test_clock',
      frozen_time: yearAgo,
      name: 'A year ago',
      status: 'ready',
      livemode: false,
    });
    expect(clock.id).toMatch(/^clock_\w+$/);
    expect(clock.id).not.toBe('clock_sandbox');
    const other = await stripe.testHelpers.testClocks.create({ frozen_time: yearAgo });
    expect(other.id).not.toBe(clock.id);

    const onClock = await stripe.customers.create({
      email: 'on-clock@example.com',
      test_clock: clock.id,
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    const offClock = await stripe.customers.create({
      email: 'off-clock@example.com',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    expect(onClock.test_clock).toBe(clock.id);
    expect(offClock.test_clock).toBeNull();
    await expect(
      stripe.customers.create({ email: 'x@example.com', test_clock: 'clock_nope' }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'test_clock' });

    const subscription = await stripe.subscriptions.create({
      customer: onClock.id,
      items: [{ price: 'price_prospector' }],
    });
    expect(subscription).toMatchObject({ test_clock: clock.id, start_date: yearAgo });
    const elsewhere = await stripe.subscriptions.create({
      customer: offClock.id,
      items: [{ price: 'price_prospector' }],
    });
    expect(elsewhere.test_clock).toBeNull();
    expect(Math.abs(elsewhere.start_date - Date.now() / 1000)).toBeLessThan(60);
    const [invoice] = (await stripe.invoices.list({ customer: onClock.id })).data;
    expect(invoice).toMatchObject({ test_clock: clock.id, created: yearAgo });

    // Advancing: `advancing` at once, `ready` with its events once billing has caught up.
    const from = events().length;
    const end = subscription.items.data[0].current_period_end;
    const advancing = await stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: end + DAY,
    });
    expect(advancing).toMatchObject({
      id: clock.id,
      status: 'advancing',
      frozen_time: yearAgo,
      status_details: { advancing: { target_frozen_time: end + DAY } },
    });
    const ready = await waitFor(async () => {
      const now = await stripe.testHelpers.testClocks.retrieve(clock.id);
      return now.status === 'ready' ? now : undefined;
    });
    expect(ready).toMatchObject({ frozen_time: end + DAY, status_details: {} });
    expect(clockEvents(clock.id, from)).toEqual([
      ['test_helpers.test_clock.advancing', 'advancing'],
      ['test_helpers.test_clock.ready', 'ready'],
    ]);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.items.data[0].current_period_start).toBe(end);
    const renewal = events()
      .slice(from)
      .find((event) => event.type === 'invoice.paid')!;
    expect(renewal.created).toBe(end);
    // The customer on no clock is where it was.
    expect((await stripe.invoices.list({ customer: offClock.id })).data).toHaveLength(1);
    expect(await stripe.subscriptions.retrieve(elsewhere.id)).toEqual(elsewhere);
  });

  it('refuses an advance past two intervals of the shortest subscription on the clock', async () => {
    const start = Math.floor(Date.now() / 1000) - 200 * DAY;
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start });
    // With nothing on it, two years is the limit.
    await expect(
      stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 800 * DAY }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'frozen_time' });
    const founding = await stripe.customers.create({
      email: 'quarterly@example.com',
      test_clock: clock.id,
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    await stripe.subscriptions.create({
      customer: founding.id,
      items: [{ price: 'price_founding_member' }],
    });
    const monthly = await stripe.customers.create({
      email: 'monthly@example.com',
      test_clock: clock.id,
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    await stripe.subscriptions.create({
      customer: monthly.id,
      items: [{ price: 'price_prospector' }],
    });
    const refused = stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: start + 70 * DAY,
    });
    await expect(refused).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 400,
      param: 'frozen_time',
      message: expect.stringContaining('two intervals'),
    });
    expect((await stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time).toBe(start);
    await expect(
      stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const moved = await stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: start + 55 * DAY,
    });
    expect(moved.status).toBe('advancing');
    await waitFor(async () =>
      (await stripe.testHelpers.testClocks.retrieve(clock.id)).status === 'ready'
        ? true
        : undefined,
    );
    expect((await stripe.invoices.list({ customer: monthly.id })).data).toHaveLength(2);
  });

  it('lists the clocks and deletes one', async () => {
    const clock = await stripe.testHelpers.testClocks.create({
      frozen_time: Math.floor(Date.now() / 1000),
      name: 'Short-lived',
    });
    const listed = (await stripe.testHelpers.testClocks.list({ limit: 100 })).data;
    expect(listed[0]).toMatchObject({ id: clock.id, name: 'Short-lived' });
    expect(listed.map((each) => each.id)).not.toContain('clock_sandbox');
    const from = events().length;
    expect(await stripe.testHelpers.testClocks.del(clock.id)).toEqual({
      id: clock.id,
      object: 'test_helpers.test_clock',
      deleted: true,
    });
    expect(clockEvents(clock.id, from)).toEqual([['test_helpers.test_clock.deleted', 'ready']]);
    await expect(stripe.testHelpers.testClocks.retrieve(clock.id)).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    expect(
      (await stripe.testHelpers.testClocks.list({ limit: 100 })).data.map((each) => each.id),
    ).not.toContain(clock.id);
    await expect(stripe.testHelpers.testClocks.del('clock_sandbox')).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});
