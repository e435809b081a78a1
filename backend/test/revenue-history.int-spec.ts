import fc from 'fast-check';
import type Stripe from 'stripe';
import { SubscriptionEntity } from '../src/subscriptions/subscription.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import { StripeEventEntity } from '../src/webhooks/stripe-event.entity.js';
import {
  bearer,
  makeAdmin,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import { startAppWithSandbox, type AppWithSandbox } from './support/sandbox.js';
import { resetDatabase, TEST_WEBHOOK_SECRET } from './support/test-app.js';
import { settleStripeEvents } from './support/settle.js';
import { waitFor } from './support/wait.js';

/**
 * One customer's life on the sandbox's test clock, over six calendar months that end before
 * today: subscribe, upgrade, downgrade and a refund, a failed renewal and its recovery, cancel,
 * reactivate. Every month of the revenue metrics is checked against amounts worked out here from
 * the prices; then the same Stripe events, delivered again in shuffled orders with duplicates
 * on fresh data, must leave the same history and the same metrics.
 */
const now = new Date();
// The last step falls on the 4th of the sixth month: that month is this one from the 7th on.
const shift = now.getUTCDate() >= 7 ? 0 : 1;
/** Month k of the life (0 to 5), as its first day, UTC. */
const monthOf = (k: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k - 5 - shift, 1));
/** A moment of month k, in Unix seconds. */
const at = (k: number, day: number, hour = 12) =>
  Date.UTC(monthOf(k).getUTCFullYear(), monthOf(k).getUTCMonth(), day, hour) / 1000;
const key = (date: Date) => date.toISOString().slice(0, 7);

interface MonthRow {
  month: string;
  mrr_cents: number;
  new_cents: number;
  expansion_cents: number;
  contraction_cents: number;
  churned_cents: number;
  reactivation_cents: number;
  revenue_cents: number;
  refunds_cents: number;
  signups: number;
  active_subscribers: number;
}

describe('subscription history and revenue metrics over one customer’s life on the test clock', () => {
  let env: AppWithSandbox;
  let admin: SessionBody;
  let member: SessionBody;
  /** What the first test saw, for the replays to match. */
  const baseline: { history?: unknown[]; months?: unknown; stats?: unknown } = {};

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    env.t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const settled = () => settleStripeEvents(env);
  const advance = async (frozenTime: number) => {
    await env.stripe.testHelpers.testClocks.advance('clock_sandbox', { frozen_time: frozenTime });
    await settled();
  };
  const history = () =>
    env.t.dataSource.query(
      `SELECT stripe_event_id, stripe_event_type, stripe_subscription_id, stripe_customer_id, user_id, effective_at, status,
         plan_name, stripe_price_id, quantity, unit_amount_cents, billing_interval, interval_count,
         current_period_start, coupon_id, discount_percent_off, discount_amount_off_cents,
         discount_duration, discount_ends_at, mrr_cents, undiscounted_mrr_cents, source
       FROM subscription_history ORDER BY stripe_event_id`,
    ) as Promise<Record<string, unknown>[]>;
  const revenue = async () => {
    const answer = await call('GET', '/api/admin/metrics/revenue?months=12');
    expect(answer.statusCode).toBe(200);
    return answer.json() as MonthRow[];
  };
  const stats = async () => {
    const answer = await call('GET', '/api/admin/stats');
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    return {
      mrr_cents: body.mrr_cents,
      arr_cents: body.arr_cents,
      past_due_count: body.past_due_count,
      at_risk_cents: body.at_risk_cents,
      churn_rate_30d: body.churn_rate_30d,
    };
  };

  beforeAll(async () => {
    env = await startAppWithSandbox({}, { clockStart: at(0, 3, 10) });
    await resetDatabase(env.t.dataSource);
    admin = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('admin'));
    await makeAdmin(env.t.dataSource, admin.user.email);
    member = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('life'));
  }, 60_000);
  afterAll(() => env.close(), 60_000);

  it('answers every month of the metrics as the prices say, through upgrades, a failed renewal, a refund, cancellation and reactivation', async () => {
    const amount = async (price: string) => (await env.stripe.prices.retrieve(price)).unit_amount!;
    const P = await amount('price_prospector');
    const R = await amount('price_rainmaker');
    const N = await amount('price_networker');
    const users = env.t.dataSource.getRepository(UserEntity);

    // Month 0: subscribes to Prospector through Checkout.
    const checkout = await env.t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: bearer(member),
      payload: { plan: 'prospector' },
    });
    expect(checkout.statusCode).toBe(200);
    const paid = await fetch(`${checkout.json().url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await settled();
    const user = await waitFor(async () => {
      const row = await users.findOneByOrFail({ email: member.user.email });
      return row.subscription_status === 'active' ? row : undefined;
    });
    const first = user.stripe_subscription_id!;
    const customer = user.stripe_customer_id!;

    // Month 1: renewed at Prospector, then upgraded to Rainmaker (prorated, charged now).
    await advance(at(1, 4));
    expect(
      (await call('POST', `/api/admin/users/${user.id}/subscription`, { plan: 'rainmaker' }))
        .statusCode,
    ).toBe(200);
    await settled();

    // Month 2: renewed at Rainmaker, downgraded to Networker (a credit), $50 of it refunded.
    await advance(at(2, 4));
    expect(
      (await call('POST', `/api/admin/users/${user.id}/subscription`, { plan: 'networker' }))
        .statusCode,
    ).toBe(200);
    const renewal = (await env.stripe.invoices.list({ subscription: first })).data.find(
      (invoice) => invoice.billing_reason === 'subscription_cycle' && invoice.amount_paid === R,
    )!;
    const [payment] = (await env.t.dataSource.query(
      `SELECT id FROM transactions WHERE stripe_invoice_id = $1`,
      [renewal.id],
    )) as { id: string }[];
    const refund = await call('POST', `/api/admin/users/${user.id}/refunds`, {
      transaction_id: payment.id,
      amount_cents: 5_000,
      reason: 'requested_by_customer',
    });
    expect(refund.statusCode).toBe(200);
    await settled();

    // Month 3: the card declines at renewal; the member is past due, then pays two days later.
    await env.stripe.customers.update(customer, {
      invoice_settings: { default_payment_method: 'pm_card_chargeCustomerFail' },
    });
    await advance(at(3, 4));
    expect(await stats()).toMatchObject({ past_due_count: 1, at_risk_cents: N });
    const pastDue = await call(
      'GET',
      `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ segment: 'past_due' }))}`,
    );
    expect((pastDue.json() as { email: string }[]).map((row) => row.email)).toEqual([
      member.user.email,
    ]);
    await advance(at(3, 6));
    await env.stripe.customers.update(customer, {
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    const [open] = (await env.stripe.invoices.list({ subscription: first, status: 'open' })).data;
    expect(open.amount_remaining).toBe(N);
    expect((await env.stripe.invoices.pay(open.id!)).status).toBe('paid');
    await settled();
    expect(await stats()).toMatchObject({ past_due_count: 0, at_risk_cents: 0 });

    // Month 4: renewed at Networker, then cancelled now.
    await advance(at(4, 4));
    const row = await env.t.dataSource
      .getRepository(SubscriptionEntity)
      .findOneByOrFail({ stripe_subscription_id: first });
    expect((await call('POST', `/api/admin/subscriptions/${row.id}/cancel`, {})).statusCode).toBe(
      200,
    );
    await settled();

    // Month 5: reactivated (a new subscription at the same price).
    await advance(at(5, 4));
    // It charges: the amount is shown first, and the reactivation goes ahead once confirmed.
    const charge = await call('POST', `/api/admin/subscriptions/${row.id}/reactivate`, {});
    expect(charge.json()).toMatchObject({ code: 'charge_confirmation_required' });
    const reactivated = await call('POST', `/api/admin/subscriptions/${row.id}/reactivate`, {
      confirm_amount_cents: charge.json().amount_cents,
    });
    expect(reactivated.statusCode).toBe(200);
    const second = reactivated.json().subscription.stripe_subscription_id as string;
    await settled();

    // The history: one row per change, none for a renewal at the same price.
    const rows = (await history()).sort(
      (a, b) => (a.effective_at as Date).getTime() - (b.effective_at as Date).getTime(),
    );
    expect(
      rows.map((entry) => [
        entry.stripe_subscription_id,
        key(entry.effective_at as Date),
        entry.status,
        entry.plan_name,
        entry.mrr_cents,
        entry.user_id,
      ]),
    ).toEqual([
      [first, key(monthOf(0)), 'active', 'prospector', P, user.id],
      [first, key(monthOf(1)), 'active', 'rainmaker', R, user.id],
      [first, key(monthOf(2)), 'active', 'networker', N, user.id],
      [first, key(monthOf(3)), 'past_due', 'networker', N, user.id],
      [first, key(monthOf(3)), 'active', 'networker', N, user.id],
      [first, key(monthOf(4)), 'canceled', 'networker', 0, user.id],
      [second, key(monthOf(5)), 'active', 'networker', N, user.id],
    ]);
    // The failed renewal is dated at the renewal, on the 3rd; its recovery on the 6th.
    expect((rows[3].effective_at as Date).getUTCDate()).toBe(3);
    expect((rows[4].effective_at as Date).getUTCDate()).toBe(6);

    // What each month should say, from the prices and the invoices Stripe charged.
    const proration = (await env.stripe.invoices.list({ subscription: first })).data.find(
      (invoice) => invoice.billing_reason === 'subscription_update',
    )!;
    expect(proration.amount_paid).toBeGreaterThan(0);
    expect(proration.amount_paid).toBeLessThan(R - P);
    const zero = {
      new_cents: 0,
      expansion_cents: 0,
      contraction_cents: 0,
      churned_cents: 0,
      reactivation_cents: 0,
      refunds_cents: 0,
      signups: 0,
    };
    const expected: Omit<MonthRow, 'month'>[] = [
      { ...zero, mrr_cents: P, new_cents: P, revenue_cents: P, active_subscribers: 1 },
      {
        ...zero,
        mrr_cents: R,
        expansion_cents: R - P,
        revenue_cents: P + proration.amount_paid,
        active_subscribers: 1,
      },
      {
        ...zero,
        mrr_cents: N,
        contraction_cents: R - N,
        revenue_cents: R,
        refunds_cents: 5_000,
        active_subscribers: 1,
      },
      { ...zero, mrr_cents: N, revenue_cents: N, active_subscribers: 1 },
      { ...zero, mrr_cents: 0, churned_cents: N, revenue_cents: N, active_subscribers: 0 },
      { ...zero, mrr_cents: N, reactivation_cents: N, revenue_cents: N, active_subscribers: 1 },
    ];
    if (shift) expected.push({ ...zero, mrr_cents: N, revenue_cents: 0, active_subscribers: 1 });
    // Both accounts signed up today.
    expected.at(-1)!.signups = 2;

    const months = await revenue();
    expect(months).toHaveLength(12);
    expect(months.at(-1)!.month).toBe(key(now));
    const life = months.slice(months.length - expected.length);
    expect(life).toEqual(expected.map((values, k) => ({ month: key(monthOf(k)), ...values })));
    for (const earlier of months.slice(0, months.length - expected.length))
      expect(earlier).toEqual({
        month: earlier.month,
        mrr_cents: 0,
        ...zero,
        revenue_cents: 0,
        active_subscribers: 0,
      });
    // MRR at each month's end is the start's plus its movements.
    months.forEach((month, index) => {
      const start = index === 0 ? 0 : months[index - 1].mrr_cents;
      expect(month.mrr_cents).toBe(
        start +
          month.new_cents +
          month.expansion_cents +
          month.reactivation_cents -
          month.contraction_cents -
          month.churned_cents,
      );
    });
    expect(await stats()).toMatchObject({
      mrr_cents: N,
      arr_cents: N * 12,
      past_due_count: 0,
      at_risk_cents: 0,
    });
    const bounds = await call('GET', '/api/admin/metrics/revenue?months=37');
    expect(bounds.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    for (const months of ['0', 'twelve', '1.5', '-3'])
      expect((await call('GET', `/api/admin/metrics/revenue?months=${months}`)).statusCode).toBe(
        400,
      );
    expect((await call('GET', '/api/admin/metrics/revenue')).json()).toHaveLength(12);
    expect(await call('GET', '/api/admin/metrics/revenue?months=1').then((r) => r.json())).toEqual([
      months.at(-1),
    ]);

    baseline.history = await history();
    baseline.months = months;
    baseline.stats = await stats();
  }, 240_000);

  it('writes the same history and metrics when the same events arrive again, shuffled and duplicated, on fresh data', async () => {
    expect(baseline.history).toBeDefined();
    // Every event of the life, oldest first, as the sandbox recorded and sent them.
    const recorded = env.sandbox.objects('event').reverse() as unknown as Stripe.Event[];
    expect(recorded.length).toBeGreaterThan(30);
    const deliver = async (event: Stripe.Event) => {
      const payload = JSON.stringify(event);
      const response = await fetch(`${env.t.url}/api/webhooks/stripe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': env.stripe.webhooks.generateTestHeaderString({
            payload,
            secret: TEST_WEBHOOK_SECRET,
          }),
        },
        body: payload,
      });
      expect(response.status).toBe(200);
    };

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(), { minLength: recorded.length, maxLength: recorded.length }),
        fc.array(fc.nat({ max: recorded.length - 1 }), { minLength: 1, maxLength: 25 }),
        async (keys, duplicates) => {
          // Fresh data: what the events build is gone (the accounts stay).
          await env.t.dataSource.query(
            `TRUNCATE stripe_events, subscription_history, subscriptions, transactions, payment_methods CASCADE`,
          );
          await env.t.dataSource.query(`DELETE FROM pgboss.job WHERE name = 'stripe-events'`);
          const deliveries = [...recorded, ...duplicates.map((index) => recorded[index])]
            .map((event, index) => ({
              event,
              key: (keys[index % keys.length] ?? 0) * 1_000 + index,
            }))
            .sort((a, b) => a.key - b.key)
            .map(({ event }) => event);
          for (const event of deliveries) await deliver(event);
          // A duplicate is acknowledged and stored once.
          expect(await env.t.dataSource.getRepository(StripeEventEntity).count()).toBe(
            recorded.length,
          );
          await settled();
          expect(await history()).toEqual(baseline.history);
          expect(await revenue()).toEqual(baseline.months);
          expect(await stats()).toEqual(baseline.stats);
        },
      ),
      { numRuns: 4 },
    );
  }, 300_000);
});
