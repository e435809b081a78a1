import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { addMonths, StripeSandbox } from '../src/index.js';
import { clientOf, sandboxForSuite } from './sandbox-under-test.js';
import { waitFor } from './wait.js';

const SECRET = 'whsec_sandbox_test_secret';
const DAY = 24 * 60 * 60;

/**
 * A subscription paid at its start whose card declines from then on, and the clock at its first
 * renewal: the renewal's invoice has failed once (a first payment that fails leaves the
 * subscription incomplete instead, see stripe-sandbox-cards.int-spec.ts).
 */
async function renewalDeclines(client: Stripe, email: string, price = 'price_prospector') {
  const customer = await client.customers.create({
    email,
    invoice_settings: { default_payment_method: 'pm_card_visa' },
  });
  const subscription = await client.subscriptions.create({
    customer: customer.id,
    items: [{ price }],
  });
  await client.customers.update(customer.id, {
    invoice_settings: { default_payment_method: 'pm_card_chargeCustomerFail' },
  });
  await client.testHelpers.testClocks.advance('clock_sandbox', {
    frozen_time: subscription.items.data[0].current_period_end,
  });
  return { customer, subscription };
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
  const suite = sandboxForSuite({
    webhookSecret: SECRET,
    webhookUrl: () => receiver.url,
    retryDelayMs: 50,
  });
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  const sent = suite.events;
  /** The events sent since `from` about an object (or objects of a customer), in order. */
  const sentAbout = (id: string, from = 0) =>
    sent()
      .slice(from)
      .filter((event) => {
        const object = event.data.object as { id?: string; customer?: unknown };
        return object.id === id || object.customer === id;
      });

  beforeAll(async () => {
    ({ sandbox, stripe } = suite);
    await receiver.listen();
  });
  afterAll(() => receiver.close());

  it('refuses calls without a test key, in Stripe’s error shape', async () => {
    const other = clientOf(sandbox, 'sk_live_nope');
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
    expect(customer).toMatchObject({ address: null, discount: null, shipping: null, balance: 0 });
    expect(customer.invoice_prefix).toMatch(/^[0-9A-F]{8}$/);
    expect(await stripe.customers.retrieve(customer.id)).toEqual(customer);
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      statusCode: 404,
      type: 'StripeInvalidRequestError',
    });
  });

  it('announces customers, their cards and their changes, naming the request that caused each', async () => {
    const customer = await stripe.customers.create(
      {
        email: 'announced@example.com',
        invoice_settings: { default_payment_method: 'pm_card_visa' },
      },
      { idempotencyKey: 'announced:customer' },
    );
    const created = { id: customer.lastResponse.requestId, idempotency_key: 'announced:customer' };
    expect(created.id).toMatch(/^req_\w{14}$/);
    expect(sentAbout(customer.id).map((event) => [event.type, event.request])).toEqual([
      ['customer.created', created],
      ['payment_method.attached', created],
    ]);
    const renamed = await stripe.customers.update(customer.id, { name: 'Grace Hopper' });
    await stripe.customers.update(customer.id, { name: 'Grace Hopper' });
    const updates = sentAbout(customer.id).filter((event) => event.type === 'customer.updated');
    expect(updates).toHaveLength(1);
    expect(updates[0].request?.id).toBe(renamed.lastResponse.requestId);
    expect(updates[0].data.previous_attributes).toEqual({ name: null });
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

    const page = await fetch(session.url!);
    expect(await page.text()).toContain('Pay $50.00');

    receiver.refuseNext = 2; // the first two deliveries fail; the sandbox must retry
    const beforePay = sent().length;
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
    const object = completed.data.object as Stripe.Checkout.Session;
    expect(object).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      metadata: { reservation_id: 'r1' },
    });
    expect(object.customer_details).toMatchObject({ email: 'payer@example.com', name: null });
    expect(object.collected_information).toEqual({
      business_name: null,
      individual_name: null,
      shipping_details: null,
    });
    expect(object).toMatchObject({ payment_intent: null, invoice: expect.stringMatching(/^in_/) });
    // Stripe's order: the card, the subscription, its first invoice created, finalized and paid,
    // then the completed session; the hosted page's work names no API request.
    const announced = sentAbout(customer.id, beforePay);
    expect(announced.map((event) => event.type)).toEqual([
      'payment_method.attached',
      'customer.updated',
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'payment_intent.created',
      'charge.succeeded',
      'payment_intent.succeeded',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ]);
    expect(announced.map((event) => event.request)).toEqual(
      announced.map(() => ({ id: null, idempotency_key: null })),
    );
    const invoiceStates = announced
      .filter((event) => event.type.startsWith('invoice.'))
      .map((event) => (event.data.object as Stripe.Invoice).status);
    expect(invoiceStates).toEqual(['draft', 'open', 'paid', 'paid']);
    const subscription: Stripe.Subscription = await stripe.subscriptions.retrieve(
      String(object.subscription),
    );
    expect(subscription).toMatchObject({
      pending_update: null,
      transfer_data: null,
      cancel_at: null,
      ended_at: null,
    });
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: customer.id,
    });
    const [item] = subscription.items.data;
    expect(item.price).toMatchObject({
      id: 'price_founding_member',
      unit_amount: 5000,
      recurring: { interval: 'month', interval_count: 3 },
      product: 'prod_founding_member',
    });
    // The plan beside the price is the same price in its older form.
    expect(item.plan).toMatchObject({
      object: 'plan',
      id: item.price.id,
      amount: item.price.unit_amount,
      currency: item.price.currency,
      interval: 'month',
      interval_count: 3,
      product: item.price.product,
      livemode: false,
    });
    expect(await stripe.products.retrieve('prod_founding_member')).toMatchObject({
      name: 'Founding Member',
      default_price: 'price_founding_member',
    });
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
      flow: null,
      configuration: expect.stringMatching(/^bpc_/),
      livemode: false,
    });
    expect(sentAbout(customer.id).map((event) => event.type)).toContain(
      'billing_portal.session.created',
    );
    expect(await (await fetch(session.url)).text()).toContain('portal@example.com');
    await expect(
      stripe.billingPortal.sessions.create({ customer: 'cus_missing' }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('opens the portal on the payment method update flow, saves the card and ends where the flow says', async () => {
    const customer = await stripe.customers.create({
      email: 'card-update@example.com',
      invoice_settings: { default_payment_method: 'pm_card_chargeCustomerFail' },
    });
    const session = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:3000/settings',
      flow_data: {
        type: 'payment_method_update',
        after_completion: {
          type: 'redirect',
          redirect: { return_url: 'http://localhost:3000/settings?updated=1' },
        },
      },
    });
    expect(session.flow).toEqual({
      type: 'payment_method_update',
      after_completion: {
        type: 'redirect',
        redirect: { return_url: 'http://localhost:3000/settings?updated=1' },
        hosted_confirmation: null,
      },
      customer_update: null,
      subscription_cancel: null,
      subscription_pause: null,
      subscription_update: null,
      subscription_update_confirm: null,
    });
    // The flow's link opens on the payment method page.
    const page = await (await fetch(session.url)).text();
    expect(page).toContain('Update payment method');
    expect(page).toContain('Visa •••• 0341');
    const from = sent().length;
    const saved = await fetch(session.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'payment_method=pm_card_mastercard',
      redirect: 'manual',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('http://localhost:3000/settings?updated=1');
    const updated = await stripe.customers.retrieve(customer.id);
    const card = await stripe.paymentMethods.retrieve(
      String((updated as Stripe.Customer).invoice_settings.default_payment_method),
    );
    expect(card.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    await waitFor(async () =>
      sentAbout(customer.id, from).some((event) => event.type === 'customer.updated')
        ? true
        : undefined,
    );
    expect(sentAbout(customer.id, from).map((event) => event.type)).toEqual([
      'payment_method.attached',
      'customer.updated',
    ]);

    // Without after_completion the flow ends on the portal's home, which shows the new card.
    const plain = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      flow_data: { type: 'payment_method_update' },
    });
    expect(plain.flow?.after_completion).toEqual({
      type: 'portal_homepage',
      redirect: null,
      hosted_confirmation: null,
    });
    const home = await fetch(plain.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'payment_method=pm_card_visa',
    });
    const homePage = await home.text();
    expect(homePage).toContain('Your payment method was updated.');
    expect(homePage).toContain('Visa •••• 4242');

    await expect(
      stripe.billingPortal.sessions.create({
        customer: customer.id,
        flow_data: {
          type: 'payment_method_update',
          after_completion: { type: 'redirect' },
        },
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: 'flow_data[after_completion][redirect][return_url]',
    });
    await expect(
      stripe.billingPortal.sessions.create({
        customer: customer.id,
        flow_data: { type: 'teleport' as 'payment_method_update' },
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'flow_data[type]' });
  });

  it('moves a founding schedule to its next phase on the test clock, billing each period', async () => {
    const customer = await stripe.customers.create({
      email: 'clock@example.com',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_founding_member' }],
    });
    const created: Stripe.SubscriptionSchedule = await stripe.subscriptionSchedules.create({
      from_subscription: subscription.id,
    });
    expect(created.id).toMatch(/^sub_sched_\w+$/);
    await expect(
      stripe.subscriptionSchedules.create({ from_subscription: subscription.id }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const [first] = created.phases;
    const schedule = await stripe.subscriptionSchedules.update(created.id, {
      end_behavior: 'release',
      phases: [
        {
          items: [{ price: 'price_founding_member', quantity: 1 }],
          start_date: first.start_date,
          end_date: first.end_date,
        },
        {
          items: [{ price: 'price_prospector', quantity: 1 }],
          duration: { interval: 'month', interval_count: 1 },
        },
      ],
    });
    expect(schedule.phases.map((phase) => phase.items[0].price)).toEqual([
      'price_founding_member',
      'price_prospector',
    ]);
    expect(schedule.phases[1].start_date).toBe(first.end_date);

    // The first invoice was paid with the default card, and its charge has a receipt.
    const [invoice] = (await stripe.invoices.list({ customer: customer.id })).data;
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 5000,
      billing_reason: 'subscription_create',
    });
    const [payment] = (await stripe.invoicePayments.list({ invoice: invoice.id! })).data;
    const charge: Stripe.Charge = await stripe.charges.retrieve(String(payment.payment.charge));
    expect(charge).toMatchObject({ status: 'succeeded', amount: 5000, paid: true });
    expect(await (await fetch(charge.receipt_url!)).text()).toContain('$50.00');
    const [card] = (await stripe.paymentMethods.list({ customer: customer.id })).data;
    expect(card.card).toMatchObject({ brand: 'visa', last4: '4242' });

    const clock: Stripe.TestHelpers.TestClock =
      await stripe.testHelpers.testClocks.retrieve('clock_sandbox');
    expect(clock).toMatchObject({ status: 'ready', livemode: false, name: 'Sandbox clock' });
    const before = receiver.received.length;
    const beforeAdvance = sent().length;
    await stripe.testHelpers.testClocks.advance('clock_sandbox', {
      frozen_time: first.end_date + 60,
    });
    // Billing on the test clock is Stripe's own work: no request caused it.
    expect(
      sent()
        .slice(beforeAdvance)
        .map((event) => event.request),
    ).toEqual(
      sent()
        .slice(beforeAdvance)
        .map(() => ({ id: null, idempotency_key: null })),
    );
    const moved = await stripe.subscriptions.retrieve(subscription.id);
    expect(moved.items.data[0].price).toMatchObject({ id: 'price_prospector', unit_amount: 7500 });
    expect(moved.items.data[0].current_period_start).toBe(first.end_date);
    await waitFor(async () => {
      const types: string[] = receiver.received.slice(before).map((event) => event.type);
      return (
        ['subscription_schedule.updated', 'customer.subscription.updated', 'invoice.paid'].every(
          (type) => types.includes(type),
        ) || undefined
      );
    });
    const invoices = (await stripe.invoices.list({ subscription: subscription.id })).data;
    expect(invoices.map((row) => row.amount_paid).sort()).toEqual([5000, 7500]);

    // A month later the schedule has run out of phases: released, the subscription carries on.
    await stripe.testHelpers.testClocks.advance('clock_sandbox', {
      frozen_time: schedule.phases[1].end_date + 60,
    });
    expect(await stripe.subscriptionSchedules.retrieve(schedule.id)).toMatchObject({
      status: 'released',
      released_subscription: subscription.id,
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).schedule).toBeNull();
    await expect(
      stripe.testHelpers.testClocks.advance('clock_sandbox', { frozen_time: 1 }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('declines a failing card at renewal: the invoice stays open and the subscription goes past_due', async () => {
    const { subscription } = await renewalDeclines(stripe, 'declined@example.com');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    const [invoice] = (await stripe.invoices.list({ subscription: subscription.id })).data;
    expect(invoice).toMatchObject({
      status: 'open',
      billing_reason: 'subscription_cycle',
      amount_paid: 0,
      amount_remaining: 7500,
    });
    await waitFor(async () =>
      receiver.received.find(
        (event) =>
          event.type === 'invoice.payment_failed' &&
          (event.data.object as Stripe.Invoice).id === invoice.id,
      ),
    );
  });

  it('refunds part of a charge, then refuses more than is left', async () => {
    const customer = await stripe.customers.create({
      email: 'refund@example.com',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_networker' }],
    });
    const [charge] = (await stripe.charges.list({ customer: customer.id })).data;
    const refund: Stripe.Refund = await stripe.refunds.create({
      charge: charge.id,
      amount: 4500,
      reason: 'requested_by_customer',
    });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 4500,
      status: 'succeeded',
      charge: charge.id,
    });
    expect(refund.id).toMatch(/^re_\w+$/);
    expect(await stripe.refunds.retrieve(refund.id)).toEqual(refund);
    const partly = await stripe.charges.retrieve(charge.id);
    expect(partly).toMatchObject({ amount_refunded: 4500, refunded: false, source: null });
    expect(partly.refunds?.data.map((listed) => listed.id)).toEqual([refund.id]);
    const rest = await stripe.refunds.create({ charge: charge.id });
    const whole = await stripe.charges.retrieve(charge.id);
    expect(whole).toMatchObject({ amount_refunded: 14_500, refunded: true });
    expect(whole.refunds?.data.map((listed) => listed.id)).toEqual([rest.id, refund.id]);
    const refundedEvent = sentAbout(charge.id).find((event) => event.type === 'charge.refunded')!;
    expect(refundedEvent.request?.id).toMatch(/^req_/);
    expect(refundedEvent.data.previous_attributes).toMatchObject({ amount_refunded: 0 });
    await expect(stripe.refunds.create({ charge: charge.id, amount: 1 })).rejects.toMatchObject({
      statusCode: 400,
      code: 'amount_too_large',
    });
  });

  it('cancels subscriptions now or at period end, and lists them', async () => {
    const customer = await stripe.customers.create({
      email: 'cancel@example.com',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    const now = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_prospector' }],
    });
    const later = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_rainmaker' }],
    });
    expect((await stripe.subscriptions.cancel(now.id)).status).toBe('canceled');
    const scheduled = await stripe.subscriptions.update(later.id, { cancel_at_period_end: true });
    expect(scheduled).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(
      (await stripe.subscriptions.list({ customer: customer.id })).data.map((row) => row.id),
    ).toEqual([later.id]);
    expect(
      (await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data,
    ).toHaveLength(2);
  });

  it('creates coupons and promotion codes with Stripe’s shapes', async () => {
    const coupon = await stripe.coupons.create({
      percent_off: 20,
      duration: 'once',
      name: 'Twenty',
    });
    const code = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'shape20',
    });
    expect(code).toMatchObject({
      object: 'promotion_code',
      code: 'SHAPE20',
      active: true,
      times_redeemed: 0,
    });
    expect(code.id).toMatch(/^promo_\w+$/);
    expect(code.restrictions).toEqual({
      first_time_transaction: false,
      minimum_amount: null,
      minimum_amount_currency: null,
    });
    const announced = sent().filter((event) =>
      [coupon.id, code.id].includes((event.data.object as { id: string }).id),
    );
    expect(announced.map((event) => [event.type, event.request?.id])).toEqual([
      ['coupon.created', coupon.lastResponse.requestId],
      ['promotion_code.created', code.lastResponse.requestId],
    ]);
    await expect(
      stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: coupon.id },
        code: 'SHAPE20',
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_already_exists' });
    await expect(stripe.coupons.create({ duration: 'once' })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('previews a plan change as Stripe does, with an upcoming invoice id and its proration line', async () => {
    const customer = await stripe.customers.create({
      email: 'preview@example.com',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_prospector' }],
    });
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: subscription.items.data[0].id, price: 'price_networker' }],
        proration_behavior: 'always_invoice',
      },
    });
    expect(preview.id).toMatch(/^upcoming_in_\w+$/);
    expect(preview).toMatchObject({ status: 'draft', number: null, livemode: false });
    expect(preview.amount_due).toBeGreaterThan(0);
    expect(preview.lines.data).toHaveLength(1);
    expect(preview.lines.data[0].parent?.subscription_item_details?.proration).toBe(true);
  });

  it('previews the upcoming renewal: the price its schedule moves to, none once set to end', async () => {
    const customer = await stripe.customers.create({
      email: 'upcoming@example.com',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_founding_member' }],
    });
    const item = subscription.items.data[0];
    const plain = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
    });
    expect(plain.id).toMatch(/^upcoming_in_\w+$/);
    expect(plain).toMatchObject({
      status: 'draft',
      billing_reason: 'subscription_cycle',
      amount_due: 5000,
      next_payment_attempt: item.current_period_end,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
    });
    expect(plain.lines.data[0].period.start).toBe(item.current_period_end);
    expect(plain.lines.data[0].parent?.subscription_item_details?.proration).toBe(false);

    const schedule = await stripe.subscriptionSchedules.create({
      from_subscription: subscription.id,
    });
    await stripe.subscriptionSchedules.update(schedule.id, {
      phases: [
        {
          items: [{ price: 'price_founding_member', quantity: 1 }],
          start_date: schedule.phases[0].start_date,
          end_date: schedule.phases[0].end_date,
        },
        {
          items: [{ price: 'price_prospector', quantity: 1 }],
          duration: { interval: 'month', interval_count: 1 },
        },
      ],
    });
    const moving = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
    });
    expect(moving.amount_due).toBe(7500);
    expect(moving.lines.data[0].period.end).toBe(addMonths(item.current_period_end, 1));

    // A schedule governs the subscription's cancellation: Stripe refuses it on the subscription.
    await expect(
      stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('updating any cancelation behavior directly is not allowed'),
    });
    await stripe.subscriptionSchedules.release(schedule.id);
    const ending = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: true,
      cancellation_details: { feedback: 'too_expensive', comment: 'Later, maybe' },
    });
    expect(ending).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: item.current_period_end,
      cancellation_details: {
        feedback: 'too_expensive',
        comment: 'Later, maybe',
        reason: 'cancellation_requested',
      },
    });
    await expect(
      stripe.invoices.createPreview({ customer: customer.id, subscription: subscription.id }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'invoice_upcoming_none' });
    await expect(
      stripe.subscriptions.update(subscription.id, {
        cancellation_details: { feedback: 'bored' as 'other' },
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'cancellation_details[feedback]' });

    const resumed = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: false,
      cancellation_details: { feedback: '', comment: '' },
    });
    expect(resumed).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      cancellation_details: { feedback: null, comment: null, reason: null },
    });
    expect(
      (
        await stripe.invoices.createPreview({
          customer: customer.id,
          subscription: subscription.id,
        })
      ).amount_due,
    ).toBe(5000);
  });

  it('retries a declined invoice on its schedule as the clock passes, then cancels the subscription', async () => {
    const { subscription } = await renewalDeclines(stripe, 'retries@example.com');
    const [invoice] = (await stripe.invoices.list({ subscription: subscription.id })).data;
    const failedAt = invoice.status_transitions.finalized_at!;
    // Stripe's Smart Retries stand in as 3, 5, 7 and 14 days after the first failure.
    expect(invoice).toMatchObject({
      status: 'open',
      attempt_count: 1,
      next_payment_attempt: failedAt + 3 * DAY,
    });
    const from = sent().length;
    const eventsAbout = () =>
      sentAbout(invoice.id!, from)
        .concat(sentAbout(subscription.id, from))
        .map((event) => [
          event.type,
          (event.data.object as { attempt_count?: number }).attempt_count,
        ]);

    await stripe.testHelpers.testClocks.advance('clock_sandbox', {
      frozen_time: failedAt + 4 * DAY,
    });
    expect(await stripe.invoices.retrieve(invoice.id!)).toMatchObject({
      status: 'open',
      attempt_count: 2,
      next_payment_attempt: failedAt + 5 * DAY,
    });
    // An attempt asked for through the API leaves the schedule as it was.
    await expect(stripe.invoices.pay(invoice.id!)).rejects.toMatchObject({ code: 'card_declined' });
    expect(await stripe.invoices.retrieve(invoice.id!)).toMatchObject({
      attempt_count: 3,
      next_payment_attempt: failedAt + 5 * DAY,
    });
    await stripe.testHelpers.testClocks.advance('clock_sandbox', {
      frozen_time: failedAt + 8 * DAY,
    });
    expect(await stripe.invoices.retrieve(invoice.id!)).toMatchObject({
      status: 'open',
      attempt_count: 5,
      next_payment_attempt: failedAt + 14 * DAY,
    });
    await stripe.testHelpers.testClocks.advance('clock_sandbox', {
      frozen_time: failedAt + 15 * DAY,
    });
    expect(await stripe.invoices.retrieve(invoice.id!)).toMatchObject({
      status: 'open',
      attempt_count: 6,
      next_payment_attempt: null,
    });
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      status: 'canceled',
      ended_at: failedAt + 14 * DAY,
      cancellation_details: { reason: 'payment_failed' },
    });
    await waitFor(async () =>
      eventsAbout().some(([type]) => type === 'customer.subscription.deleted') ? true : undefined,
    );
    expect(eventsAbout()).toEqual([
      ['invoice.payment_failed', 2],
      ['invoice.payment_failed', 3],
      ['invoice.payment_failed', 4],
      ['invoice.payment_failed', 5],
      ['invoice.payment_failed', 6],
      ['customer.subscription.deleted', undefined],
    ]);
    // The clock moving on retries it no more.
    await stripe.testHelpers.testClocks.advance('clock_sandbox', {
      frozen_time: failedAt + 30 * DAY,
    });
    expect((await stripe.invoices.retrieve(invoice.id!)).attempt_count).toBe(6);
  });

  it('marks a subscription unpaid after its last failed retry when so set, and a card that pays brings it back', async () => {
    const own = new StripeSandbox({
      webhookSecret: SECRET,
      webhookUrl: () => undefined,
      onTraffic: suite.recorder.record,
      retryDays: [1, 2],
      afterFailedRetries: 'unpaid',
    });
    await own.start();
    try {
      const client = clientOf(own);
      const { customer, subscription } = await renewalDeclines(
        client,
        'unpaid@example.com',
        'price_networker',
      );
      const [invoice] = (await client.invoices.list({ subscription: subscription.id })).data;
      const failedAt = invoice.status_transitions.finalized_at!;
      expect(invoice.next_payment_attempt).toBe(failedAt + DAY);
      await client.testHelpers.testClocks.advance('clock_sandbox', {
        frozen_time: failedAt + 3 * DAY,
      });
      expect(await client.invoices.retrieve(invoice.id!)).toMatchObject({
        status: 'open',
        attempt_count: 3,
        next_payment_attempt: null,
      });
      expect((await client.subscriptions.retrieve(subscription.id)).status).toBe('unpaid');
      await client.customers.update(customer.id, {
        invoice_settings: { default_payment_method: 'pm_card_visa' },
      });
      expect(await client.invoices.pay(invoice.id!)).toMatchObject({
        status: 'paid',
        attempt_count: 4,
        next_payment_attempt: null,
      });
      expect((await client.subscriptions.retrieve(subscription.id)).status).toBe('active');
    } finally {
      await own.stop();
    }
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
