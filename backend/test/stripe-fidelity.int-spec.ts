import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STRIPE_FIXTURES } from '@leadpulse/stripe-sandbox';
import { UserEntity } from '../src/users/user.entity.js';
import { StripeEventEntity } from '../src/webhooks/stripe-event.entity.js';
import {
  bearer,
  makeAdmin,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import { buyFounding, startAppWithSandbox, type AppWithSandbox } from './support/sandbox.js';
import {
  expectRecordedTrafficFaithful,
  SandboxRecorder,
  TRAFFIC_FOLDER_VARIABLE,
} from '@leadpulse/stripe-sandbox/fidelity';
import { resetDatabase } from './support/test-app.js';
import { waitFor } from './support/wait.js';

/** A recorder that saw the sandbox answer `body` to a subscription's retrieval. */
function answered(body: Record<string, unknown>): SandboxRecorder {
  const recorder = new SandboxRecorder();
  recorder.record({
    kind: 'response',
    method: 'GET',
    url: '/v1/subscriptions/sub_x',
    status: 200,
    body,
  });
  return recorder;
}

type Event = Record<string, unknown> & {
  type: string;
  data: { object: Record<string, unknown> };
  request: { id: string | null; idempotency_key: string | null };
};

/** The object kinds the product reads from Stripe; each must have been checked at least once. */
const KINDS = [
  'customer',
  'subscription',
  'subscription_item',
  'plan',
  'invoice',
  'line_item',
  'invoice_payment',
  'charge',
  'refund',
  'payment_method',
  'checkout.session',
  'coupon',
  'promotion_code',
  'discount',
  'price',
  'product',
  'event',
  'billing_portal.session',
  'test_helpers.test_clock',
  'subscription_schedule',
  'list',
];

describe('the Stripe sandbox against Stripe’s own types, over a member’s whole journey', () => {
  let env: AppWithSandbox;
  let admin: SessionBody;
  const users = () => env.t.dataSource.getRepository(UserEntity);
  const call = (method: 'GET' | 'POST', url: string, session?: SessionBody, payload?: object) =>
    env.t.app.inject({
      method,
      url,
      headers: session ? bearer(session) : {},
      ...(payload ? { payload } : {}),
    });
  const settled = () =>
    waitFor(
      async () =>
        env.sandbox.pendingDeliveries === 0 &&
        (await env.t.dataSource.getRepository(StripeEventEntity).countBy({ processed: false })) ===
          0
          ? true
          : undefined,
      20_000,
      'every stored Stripe event processed',
    );
  const events = () => env.recorder.events as Event[];
  /** The types of the events sent since `from`, about the customer, in the order sent. */
  const typesFor = (customer: string, from: number) =>
    events()
      .slice(from)
      .filter((event) => [event.data.object.customer, event.data.object.id].includes(customer))
      .map((event) => event.type);

  beforeAll(async () => {
    env = await startAppWithSandbox();
    await resetDatabase(env.t.dataSource);
    admin = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('admin'));
    await makeAdmin(env.t.dataSource, admin.user.email);
  }, 30_000);
  afterAll(() => env.close());

  it('runs a founding purchase, a member’s plan with a code, renewals, a refund, a plan change, the portal and a cancellation', async () => {
    // A founding buyer: checkout, the founding schedule, and the move to Prospector.
    const founder = uniqueEmail('founder');
    await buyFounding(env.t.app, founder);
    const founding = await waitFor(async () => {
      const user = await users().findOneBy({ email: founder });
      return user?.stripe_subscription_id ? user : undefined;
    });
    const scheduled = await waitFor(async () => {
      const subscription = await env.stripe.subscriptions.retrieve(
        founding.stripe_subscription_id!,
      );
      return subscription.schedule ? subscription : undefined;
    });
    await settled();

    // A promotion, made in the back office, used by a member who subscribes by Checkout.
    const code = `FID${Date.now().toString(36).slice(-5).toUpperCase()}`;
    expect(
      (
        await call('POST', '/api/admin/promotions', admin, {
          name: 'Fidelity',
          code,
          type: 'percentage',
          value: 20,
        })
      ).statusCode,
    ).toBe(201);
    const member = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('member'));
    const { url } = (
      await call('POST', '/api/billing/checkout', member, { plan: 'prospector' })
    ).json();
    const customerId = String(
      (await env.stripe.checkout.sessions.retrieve(url.split('/').at(-1)!)).customer,
    );
    const beforePay = events().length;
    const paid = await fetch(`${url}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `promotion_code=${code}`,
    });
    expect(paid.status).toBe(303);
    // Stripe's order: the card, the subscription with its discount, its first invoice created,
    // finalized and paid, then the completed session.
    expect(typesFor(customerId, beforePay)).toEqual([
      'payment_method.attached',
      'customer.updated',
      'customer.discount.created',
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
    const subscriber = await waitFor(async () => {
      const user = await users().findOneBy({ email: member.user.email });
      return user?.subscription_plan === 'prospector' ? user : undefined;
    });
    await settled();

    // Renewals on the test clock are Stripe's own work: no request caused them.
    const beforeRenewal = events().length;
    const periodEnd = scheduled.items.data[0].current_period_end;
    await env.stripe.testHelpers.testClocks.advance('clock_sandbox', {
      frozen_time: periodEnd + 60,
    });
    const renewalEvents = events().slice(beforeRenewal);
    expect(renewalEvents.map((event) => event.type)).toEqual(
      expect.arrayContaining(['subscription_schedule.updated', 'invoice.paid']),
    );
    expect(renewalEvents.map((event) => event.request)).toEqual(
      renewalEvents.map(() => ({ id: null, idempotency_key: null })),
    );
    await settled();

    // A refund from the back office: the charge lists it, and the event names its request.
    const { transactions } = (
      await call('GET', `/api/admin/users/${subscriber.id}/payments`, admin)
    ).json();
    const payment = transactions.find((row: { amount_cents: number }) => row.amount_cents > 0);
    const beforeRefund = events().length;
    expect(
      (
        await call('POST', `/api/admin/users/${subscriber.id}/refunds`, admin, {
          transaction_id: payment.id,
          amount_cents: 1000,
        })
      ).statusCode,
    ).toBe(200);
    const charge = await env.stripe.charges.retrieve(payment.stripe_charge_id);
    expect(charge).toMatchObject({ amount_refunded: 1000, refunded: false });
    expect(charge.refunds?.data.map((refund) => refund.amount)).toEqual([1000]);
    const [refunded] = events()
      .slice(beforeRefund)
      .filter((event) => event.type === 'charge.refunded');
    expect(refunded.request.id).toMatch(/^req_\w{14}$/);
    await settled();

    // The preview and the plan change, by the member; the member's billing portal.
    const preview = await call(
      'GET',
      `/api/admin/users/${subscriber.id}/subscription/preview?plan=networker`,
      admin,
    );
    expect(preview.statusCode).toBe(200);
    const beforeChange = events().length;
    expect(
      (await call('POST', '/api/billing/plan', member, { plan: 'networker' })).json(),
    ).toMatchObject({ subscription_plan: 'networker' });
    const changed = events()
      .slice(beforeChange)
      .filter((event) => event.type === 'customer.subscription.updated');
    expect(changed[0].request.idempotency_key).toMatch(/^change-plan:/);
    const moved = await env.stripe.subscriptions.retrieve(subscriber.stripe_subscription_id!);
    expect(moved.items.data[0].plan).toMatchObject({
      id: 'price_networker',
      amount: 14_500,
      currency: 'usd',
      interval: 'month',
      interval_count: 1,
      product: moved.items.data[0].price.product,
      livemode: false,
    });
    expect((await call('POST', '/api/billing/portal', member)).statusCode).toBe(200);
    await settled();

    // A cancellation from the back office.
    const [row] = (await env.t.dataSource.query(
      `SELECT id FROM subscriptions WHERE stripe_subscription_id = $1`,
      [subscriber.stripe_subscription_id],
    )) as { id: string }[];
    expect(
      (await call('POST', `/api/admin/subscriptions/${row.id}/cancel`, admin, {})).statusCode,
    ).toBe(200);
    await settled();

    // What the product reads but this journey did not ask for.
    await env.stripe.products.retrieve(String(moved.items.data[0].price.product));
    await env.stripe.testHelpers.testClocks.retrieve('clock_sandbox');
    await env.stripe.events.retrieve(String(events()[0].id));

    const seen = new Set<unknown>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        seen.add((value as { object?: unknown }).object);
        Object.values(value).forEach(walk);
      }
    };
    env.recorder.traffic.forEach((entry) => walk(entry.body));
    expect(KINDS.filter((kind) => !seen.has(kind))).toEqual([]);
    await expect(env.recorder.problems()).resolves.toEqual([]);
  }, 60_000);

  it('fails on a field Stripe does not have, a live-mode object, and a value of Stripe’s examples', async () => {
    const subscription = env.recorder.traffic.find(
      (entry) =>
        entry.kind === 'response' && (entry.body as { object?: string }).object === 'subscription',
    )!.body as Record<string, unknown>;
    const leaky = (changes: Record<string, unknown>) =>
      answered({ ...structuredClone(subscription), ...changes }).problems();
    await expect(leaky({})).resolves.toEqual([]);
    expect((await leaky({ sandbox_price: 'price_prospector' })).join('\n')).toContain(
      'sandbox_price',
    );
    expect((await leaky({ livemode: true })).join('\n')).toContain('.livemode is true');
    expect(
      (await leaky({ pending_update: STRIPE_FIXTURES.subscription.pending_update })).join('\n'),
    ).toContain('pending_update');
    expect(
      (await leaky({ transfer_data: STRIPE_FIXTURES.subscription.transfer_data })).join('\n'),
    ).toContain("Stripe's example obj_123");
    expect((await leaky({ description: 'description' })).join('\n')).toContain('placeholder');
    expect((await leaky({ currency: 42 })).join('\n')).toContain('/currency must be string');
    const { created: _created, ...missing } = subscription;
    const recorder = new SandboxRecorder();
    recorder.record({ kind: 'event', body: { ...missing, id: 'sub_x', object: 'subscription' } });
    expect((await recorder.problems()).join('\n')).toContain("required property 'created'");
  });

  it('checks traffic left for the end of the run, naming the test file it came from', async () => {
    const subscription = env.recorder.traffic.find(
      (entry) =>
        entry.kind === 'response' && (entry.body as { object?: string }).object === 'subscription',
    )!.body as Record<string, unknown>;
    const folder = mkdtempSync(join(tmpdir(), 'stripe-traffic-check-'));
    const runs = process.env[TRAFFIC_FOLDER_VARIABLE];
    try {
      process.env[TRAFFIC_FOLDER_VARIABLE] = folder;
      // Left in the folder, not checked yet: no failure here.
      const leave = (label: string, body: Record<string, unknown>) =>
        answered(body).expectFaithful(label);
      await leave('good.int-spec.ts', structuredClone(subscription));
      await expect(expectRecordedTrafficFaithful(folder)).resolves.toBeUndefined();

      await leave('leaky.int-spec.ts', { ...structuredClone(subscription), livemode: true });
      expect(readdirSync(folder)).toHaveLength(2);
      const failure = expectRecordedTrafficFaithful(folder);
      await expect(failure).rejects.toThrow('leaky.int-spec.ts: GET /v1/subscriptions/sub_x');
      await expect(failure).rejects.toThrow('.livemode is true');
      await expect(failure).rejects.not.toThrow('good.int-spec.ts');
    } finally {
      if (runs === undefined) delete process.env[TRAFFIC_FOLDER_VARIABLE];
      else process.env[TRAFFIC_FOLDER_VARIABLE] = runs;
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
