import type Stripe from 'stripe';
import { RevenueBackfill } from '../src/revenue/revenue-backfill.js';
import { SubscriptionHistoryService } from '../src/revenue/subscription-history.service.js';
import { scheduleFoundingTransition } from '../src/subscriptions/subscriptions.service.js';
import {
  bearer,
  makeAdmin,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import { startAppWithSandbox, type AppWithSandbox } from './support/sandbox.js';
import { resetDatabase } from './support/test-app.js';
import { settleStripeEvents } from './support/settle.js';

const DAY = 86_400;
const realNow = () => Math.floor(Date.now() / 1000);
/** The clock starts 125 days ago, at noon: four renewals behind us, the fifth ahead. */
const start = (() => {
  const date = new Date((realNow() - 125 * DAY) * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 12) / 1000;
})();

/**
 * A scripted set of customers, each with a story, and what the dashboard's revenue fields and the
 * founding cohort must say of them, worked out here from the prices and the moments of each step.
 */
describe('revenue stats and the founding cohort for a scripted set of customers', () => {
  let env: AppWithSandbox;
  let admin: SessionBody;
  let member: SessionBody;
  const call = (url: string, session: SessionBody | null = admin) =>
    env.t.app.inject({ method: 'GET', url, headers: session ? bearer(session) : {} });
  const settled = () => settleStripeEvents(env);
  const advance = async (time: number) => {
    await env.stripe.testHelpers.testClocks.advance('clock_sandbox', { frozen_time: time });
    await settled();
  };
  const subscribe = async (price: string, card = 'pm_card_visa') => {
    const customer = await env.stripe.customers.create({
      email: uniqueEmail('scripted'),
      invoice_settings: { default_payment_method: card },
    });
    return env.stripe.subscriptions.create({ customer: customer.id, items: [{ price }] });
  };

  beforeAll(async () => {
    // D stays past due once its renewal fails: Stripe's "leave the subscription past due".
    env = await startAppWithSandbox({}, { clockStart: start, afterFailedRetries: 'past_due' });
    await resetDatabase(env.t.dataSource);
    admin = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('admin'));
    await makeAdmin(env.t.dataSource, admin.user.email);
    member = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('member'));
  }, 60_000);
  afterAll(() => env.close(), 60_000);

  it('lets administrators alone read the revenue metrics', async () => {
    for (const url of [
      '/api/admin/stats',
      '/api/admin/metrics/revenue',
      '/api/admin/metrics/founding-cohort',
    ]) {
      expect({ url, status: (await call(url, null)).statusCode }).toEqual({ url, status: 401 });
      expect({ url, status: (await call(url, member)).statusCode }).toEqual({ url, status: 403 });
      expect({ url, status: (await call(url)).statusCode }).toEqual({ url, status: 200 });
    }
  });

  it('answers MRR, ARR, past due, at-risk revenue, the 30-day churn and the founding cohort', async () => {
    const amount = async (price: string) => (await env.stripe.prices.retrieve(price)).unit_amount!;
    const P = await amount('price_prospector');
    const R = await amount('price_rainmaker');
    const N = await amount('price_networker');
    // $50 every 3 months, a month's share to the cent.
    const founding = Math.round((await amount('price_founding_member')) / 3);
    const prices = env.t.config.stripe.prices;

    // Day 0: eight customers.
    const a = await subscribe('price_prospector');
    const foundingMembers: Stripe.Subscription[] = [];
    for (let index = 0; index < 3; index += 1) {
      const subscription = await subscribe('price_founding_member');
      await scheduleFoundingTransition(env.stripe, prices, subscription.id);
      foundingMembers.push(subscription);
    }
    const [f1, f2, f3] = foundingMembers;
    const c = await subscribe('price_rainmaker');
    const d = await subscribe('price_networker');
    const e = await subscribe('price_prospector');
    const g = await subscribe('price_prospector');
    const half = await env.stripe.coupons.create({ percent_off: 50, duration: 'forever' });
    await env.stripe.subscriptions.update(e.id, { discounts: [{ coupon: half.id }] });
    await env.stripe.customers.update(String(d.customer), {
      invoice_settings: { default_payment_method: 'pm_card_chargeCustomerFail' },
    });
    await settled();
    const switchAt = async (subscription: Stripe.Subscription) => {
      const { schedule } = await env.stripe.subscriptions.retrieve(subscription.id);
      return (await env.stripe.subscriptionSchedules.retrieve(String(schedule))).phases[0].end_date;
    };
    const f1Switch = await switchAt(f1);
    const f3Switch = await switchAt(f3);

    // A month on: D's renewal fails (past due from then on), F2 leaves, A gets $25 back.
    const monthOne = a.items.data[0].current_period_end;
    await advance(monthOne + 2 * DAY);
    await env.stripe.subscriptions.cancel(f2.id);
    const f2Cancel = env.sandbox.now();
    const [firstInvoice] = (await env.stripe.invoices.list({ subscription: a.id })).data.slice(-1);
    const [payment] = (await env.stripe.invoicePayments.list({ invoice: firstInvoice.id! })).data;
    await env.stripe.refunds.create({ charge: String(payment.payment.charge), amount: 2_500 });
    await settled();

    // 45 days ago: G gets 25% off for one month (it ends with no event).
    await advance(realNow() - 45 * DAY);
    const quarter = await env.stripe.coupons.create({
      percent_off: 25,
      duration: 'repeating',
      duration_in_months: 1,
    });
    await env.stripe.subscriptions.update(g.id, { discounts: [{ coupon: quarter.id }] });
    const gFrom = env.sandbox.now();
    const gEnd = (
      (await env.stripe.subscriptions.retrieve(g.id, { expand: ['discounts'] }))
        .discounts[0] as Stripe.Discount
    ).end!;
    await settled();

    // Two days into their fourth month, F1 stays on Prospector and F3 leaves.
    await advance(f3Switch + 2 * DAY);
    await env.stripe.subscriptions.cancel(f3.id);
    const f3Cancel = env.sandbox.now();
    await settled();

    // 20 days ago C leaves; then the clock catches up with today.
    await advance(realNow() - 20 * DAY);
    await env.stripe.subscriptions.cancel(c.id);
    const cCancel = env.sandbox.now();
    await settled();
    await advance(realNow() - 3_600);

    // Each customer's MRR at a moment, from the story above.
    const customers: Record<string, (t: number) => number> = {
      a: () => P,
      f1: (t) => (t > f1Switch ? P : founding),
      f2: (t) => (t > f2Cancel ? 0 : founding),
      f3: (t) => (t > f3Cancel ? 0 : t > f3Switch ? P : founding),
      c: (t) => (t > cCancel ? 0 : R),
      d: () => N,
      e: () => P / 2,
      g: (t) => (t > gFrom && t < gEnd ? (P * 3) / 4 : P),
    };
    // Nobody paid before the clock's first day.
    const mrr = (t: number) =>
      t <= start ? 0 : Object.values(customers).reduce((sum, of) => sum + of(t), 0);

    const now = realNow();
    const monthAgo = now - 30 * DAY;
    const churned = Object.values(customers)
      .filter((of) => of(monthAgo) > 0 && of(now) === 0)
      .reduce((sum, of) => sum + of(monthAgo), 0);
    expect(mrr(now)).toBe(P + P + N + P / 2 + P);
    const stats = (await call('/api/admin/stats')).json();
    expect(stats).toEqual({
      total_users: 2,
      active_subscriptions: 4,
      total_revenue_cents: 4 * P,
      newsletter_subscribers: 0,
      founding_members: 0,
      recent_signups_7d: 2,
      active_promos: 0,
      mrr_cents: mrr(now),
      arr_cents: mrr(now) * 12,
      past_due_count: 1,
      at_risk_cents: N,
      churn_rate_30d: expect.any(Number),
      members_with_leads: 0,
      imports_7d: 0,
    });
    expect(churned).toBeGreaterThanOrEqual(R);
    expect(stats.churn_rate_30d).toBeCloseTo(churned / mrr(monthAgo), 10);

    expect((await call('/api/admin/metrics/founding-cohort')).json()).toEqual({
      members: 3,
      reached_month_4: 2,
      stayed_on_prospector: 1,
    });

    // The refund counts in its own month; every month keeps MRR's identity.
    const months = (await call('/api/admin/metrics/revenue?months=6')).json() as {
      month: string;
      mrr_cents: number;
      new_cents: number;
      expansion_cents: number;
      contraction_cents: number;
      churned_cents: number;
      reactivation_cents: number;
      refunds_cents: number;
    }[];
    const refundMonth = new Date(f2Cancel * 1000).toISOString().slice(0, 7);
    expect(months.map((month) => month.refunds_cents)).toEqual(
      months.map((month) => (month.month === refundMonth ? 2_500 : 0)),
    );
    for (const [index, month] of months.entries()) {
      const [year, number] = month.month.split('-').map(Number);
      const monthStart = Date.UTC(year, number - 1, 1) / 1000;
      const monthEnd = index === months.length - 1 ? now : Date.UTC(year, number, 1) / 1000 - 1;
      expect({ month: month.month, mrr: month.mrr_cents }).toEqual({
        month: month.month,
        mrr: mrr(monthEnd),
      });
      expect(month.mrr_cents).toBe(
        mrr(monthStart - 1) +
          month.new_cents +
          month.expansion_cents +
          month.reactivation_cents -
          month.contraction_cents -
          month.churned_cents,
      );
    }

    // The backfill rebuilds the same present from Stripe alone, once.
    await env.t.dataSource.query(`DELETE FROM subscription_history`);
    await env.t.dataSource.query(`UPDATE transactions SET refunds = '[]'`);
    const backfill = new RevenueBackfill(
      env.stripe,
      env.t.dataSource,
      env.t.app.get(SubscriptionHistoryService),
      prices,
    );
    expect(await backfill.run()).toMatchObject({ subscriptions: 8, refundedPayments: 1 });
    expect((await call('/api/admin/stats')).json()).toMatchObject({
      mrr_cents: mrr(now),
      arr_cents: mrr(now) * 12,
      past_due_count: 1,
      at_risk_cents: N,
    });
    expect((await call('/api/admin/metrics/founding-cohort')).json()).toEqual({
      members: 3,
      reached_month_4: 2,
      stayed_on_prospector: 1,
    });
    const rebuilt = (await call('/api/admin/metrics/revenue?months=6')).json() as typeof months;
    expect(rebuilt.map((month) => month.refunds_cents)).toEqual(
      months.map((month) => month.refunds_cents),
    );
    expect(await backfill.run()).toEqual({ subscriptions: 0, rows: 0, refundedPayments: 0 });
  }, 240_000);
});
