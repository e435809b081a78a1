import { AppConfig } from '../src/config/app-config.js';
import { TransactionEntity } from '../src/payments/transaction.entity.js';
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
import { buyFounding, startAppWithSandbox, type AppWithSandbox } from './support/sandbox.js';
import { resetDatabase } from './support/test-app.js';
import { waitFor } from './support/wait.js';

describe('reactivating a cancelled subscription charges only once, after confirmation', () => {
  let env: AppWithSandbox;
  let admin: SessionBody;
  /** Over real HTTP, so that two requests are truly in flight together. */
  const post = async (url: string, body: object = {}) => {
    const response = await fetch(`${env.t.url}${url}`, {
      method: 'POST',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const settled = () =>
    waitFor(
      async () =>
        (await env.t.dataSource.getRepository(StripeEventEntity).countBy({ processed: false })) ===
        0
          ? true
          : undefined,
      20_000,
      'every stored Stripe event processed',
    );
  const paidUser = (email: string) =>
    waitFor(async () => {
      const user = await env.t.dataSource.getRepository(UserEntity).findOneBy({ email });
      return user?.status === 'paid' && user.stripe_subscription_id ? user : undefined;
    });
  /** The cancelled founding subscription of a new buyer, its payment recorded. */
  const cancelledBuyer = async (name: string) => {
    const email = uniqueEmail(name);
    await buyFounding(env.t.app, email);
    const user = await paidUser(email);
    await waitFor(async () =>
      (await env.t.dataSource
        .getRepository(TransactionEntity)
        .existsBy({ user_id: user.id, status: 'succeeded' }))
        ? true
        : undefined,
    );
    await settled();
    const row = await env.t.dataSource
      .getRepository(SubscriptionEntity)
      .findOneByOrFail({ stripe_subscription_id: user.stripe_subscription_id! });
    const cancelled = await post(`/api/admin/subscriptions/${row.id}/cancel`);
    expect(cancelled.status).toBe(200);
    return { user, row, cancelled: cancelled.body };
  };

  beforeAll(async () => {
    // Two connections: a reactivation must never wait on a second connection while it holds one
    // (the embedded database serves few), or two at once would stop the server.
    env = await startAppWithSandbox({ DATABASE_POOL_SIZE: '2' });
    await resetDatabase(env.t.dataSource);
    admin = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('admin'));
    await makeAdmin(env.t.dataSource, admin.user.email);
  }, 30_000);
  afterAll(() => env.close());

  it('answers 409 charge_confirmation_required with the charge until the amount is confirmed', async () => {
    const { user, row } = await cancelledBuyer('confirm');
    const expected = {
      statusCode: 409,
      code: 'charge_confirmation_required',
      amount_cents: 5_000,
      currency: 'usd',
      description: expect.stringContaining('$50 charged now'),
    };
    expect(await post(`/api/admin/subscriptions/${row.id}/reactivate`)).toEqual({
      status: 409,
      body: expect.objectContaining(expected),
    });
    expect(
      await post(`/api/admin/subscriptions/${row.id}/reactivate`, { confirm_amount_cents: 4_999 }),
    ).toEqual({ status: 409, body: expect.objectContaining(expected) });
    expect(
      (await post(`/api/admin/subscriptions/${row.id}/reactivate`, { confirm_amount_cents: 'x' }))
        .status,
    ).toBe(400);
    const atStripe = await env.stripe.subscriptions.list({
      customer: user.stripe_customer_id!,
      status: 'all',
    });
    expect(atStripe.data.map((subscription) => subscription.id)).toEqual([
      row.stripe_subscription_id,
    ]);
  }, 30_000);

  it('starts one subscription and charges once under two concurrent confirmations', async () => {
    const { user, row } = await cancelledBuyer('concurrent');
    const answers = await Promise.all([
      post(`/api/admin/subscriptions/${row.id}/reactivate`, { confirm_amount_cents: 5_000 }),
      post(`/api/admin/subscriptions/${row.id}/reactivate`, { confirm_amount_cents: 5_000 }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body).toMatchObject({ code: 'already_subscribed' });
    const done = answers.find((answer) => answer.status === 200)!;
    const fresh = (done.body.subscription as { stripe_subscription_id: string })
      .stripe_subscription_id;

    const atStripe = await env.stripe.subscriptions.list({
      customer: user.stripe_customer_id!,
      status: 'all',
    });
    expect(atStripe.data.map((subscription) => subscription.id).sort()).toEqual(
      [row.stripe_subscription_id, fresh].sort(),
    );
    const invoices = await env.stripe.invoices.list({ customer: user.stripe_customer_id! });
    const charged = invoices.data.filter(
      (invoice) =>
        invoice.status === 'paid' &&
        invoice.amount_paid > 0 &&
        invoice.parent?.subscription_details?.subscription !== row.stripe_subscription_id,
    );
    expect(charged.map((invoice) => invoice.amount_paid)).toEqual([5_000]);

    // Confirming again later is refused: the customer is subscribed again.
    expect(
      await post(`/api/admin/subscriptions/${row.id}/reactivate`, { confirm_amount_cents: 5_000 }),
    ).toMatchObject({ status: 409, body: { code: 'already_subscribed' } });
  }, 30_000);

  it('offers a refund of the unused part on cancelling now, taken through Process Refund', async () => {
    const { user, cancelled } = await cancelledBuyer('refund');
    const payment = await env.t.dataSource
      .getRepository(TransactionEntity)
      .findOneByOrFail({ user_id: user.id, status: 'succeeded' });
    const offer = cancelled.refund as { transaction_id: string; amount_cents: number };
    expect(offer).toMatchObject({ user_id: user.id, transaction_id: payment.id });
    // Cancelled moments into a 3-month period: nearly all of the $50 is unused.
    expect(offer.amount_cents).toBeGreaterThan(4_900);
    expect(offer.amount_cents).toBeLessThanOrEqual(5_000);

    const refunded = await post(`/api/admin/users/${user.id}/refunds`, {
      transaction_id: offer.transaction_id,
      amount_cents: offer.amount_cents,
      reason: 'requested_by_customer',
    });
    expect(refunded.status).toBe(200);
    const charge = await env.stripe.charges.retrieve(payment.stripe_charge_id!);
    expect(charge.amount_refunded).toBe(offer.amount_cents);
  }, 30_000);

  it("lists each subscription with Stripe's own creation time as Created At", async () => {
    const { user, row } = await cancelledBuyer('created');
    const listed = await fetch(
      `${env.t.url}/api/admin/subscriptions?filter=${encodeURIComponent(JSON.stringify({ user_id: user.id }))}`,
      { headers: bearer(admin) },
    );
    const [listedRow] = (await listed.json()) as { id: string; created_at: string }[];
    const atStripe = await env.stripe.subscriptions.retrieve(row.stripe_subscription_id);
    expect(listedRow).toMatchObject({
      id: row.id,
      created_at: new Date(atStripe.created * 1000).toISOString(),
    });
  }, 30_000);

  it("opens View in Stripe on the sandbox's own page for its customers", async () => {
    const { user } = await cancelledBuyer('view-in-stripe');
    const record = (await (
      await fetch(`${env.t.url}/api/admin/users/${user.id}`, { headers: bearer(admin) })
    ).json()) as { stripe_url: string };
    const sandboxUrl = new URL(env.t.app.get(AppConfig).stripe.apiUrl);
    expect(record.stripe_url).toBe(
      new URL(`/customers/${user.stripe_customer_id}`, sandboxUrl).toString(),
    );
    const page = await fetch(record.stripe_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(user.email);
    expect(html).toContain(user.stripe_subscription_id);
  }, 30_000);
});
