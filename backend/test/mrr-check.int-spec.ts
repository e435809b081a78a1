import { SubscriptionHistoryEntity } from '../src/revenue/subscription-history.entity.js';
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
import { stripeMrrBySubscription, total } from './support/stripe-mrr.js';
import { resetDatabase } from './support/test-app.js';
import { waitFor } from './support/wait.js';

describe('GET /api/admin/metrics/mrr-check: the history MRR against what Stripe bills', () => {
  let env: AppWithSandbox;
  let admin: SessionBody;
  const call = (method: 'GET' | 'POST', url: string) =>
    env.t.app.inject({ method, url, headers: bearer(admin) });
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

  beforeAll(async () => {
    env = await startAppWithSandbox();
    await resetDatabase(env.t.dataSource);
    admin = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('admin'));
    await makeAdmin(env.t.dataSource, admin.user.email);
  }, 30_000);
  afterAll(() => env.close());

  it('agrees with Stripe, shows a subscription whose history is wrong, and the reconciliation repairs it', async () => {
    // A founding buyer ($50 every 3 months) and a customer on Networker ($145 a month).
    const email = uniqueEmail('mrr');
    await buyFounding(env.t.app, email);
    await waitFor(
      async () =>
        (await env.t.dataSource.getRepository(UserEntity).findOneBy({ email, status: 'paid' })) ??
        undefined,
    );
    const customer = await env.stripe.customers.create({
      email: uniqueEmail('networker'),
      payment_method: 'pm_card_visa',
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    const networker = await env.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_networker' }],
    });
    await settled();

    const expected = await stripeMrrBySubscription(env.stripe);
    expect(expected.get(networker.id)).toBe(14_500);
    const agreed = await call('GET', '/api/admin/metrics/mrr-check');
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json()).toEqual({
      history_mrr_cents: total(expected),
      stripe_mrr_cents: total(expected),
      difference_cents: 0,
      subscriptions: [],
    });
    expect((await call('GET', '/api/admin/stats')).json().mrr_cents).toBe(total(expected));

    // The history counts Networker at Prospector's price, as the seed's upgrades once did.
    await env.t.dataSource
      .getRepository(SubscriptionHistoryEntity)
      .update(
        { stripe_subscription_id: networker.id },
        { stripe_price_id: 'price_prospector', mrr_cents: 7_500, undiscounted_mrr_cents: 7_500 },
      );
    expect((await call('GET', '/api/admin/metrics/mrr-check')).json()).toEqual({
      history_mrr_cents: total(expected) - 7_000,
      stripe_mrr_cents: total(expected),
      difference_cents: 7_000,
      subscriptions: [
        { id: networker.id, customer: customer.id, history_cents: 7_500, stripe_cents: 14_500 },
      ],
    });

    const reconciled = await call('POST', '/api/admin/recovery/reconcile');
    expect(reconciled.statusCode).toBeLessThan(300);
    expect((await call('GET', '/api/admin/metrics/mrr-check')).json()).toMatchObject({
      history_mrr_cents: total(expected),
      difference_cents: 0,
      subscriptions: [],
    });
  }, 60_000);

  it('is for administrators only', async () => {
    const member = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('member'));
    const refused = await env.t.app.inject({
      method: 'GET',
      url: '/api/admin/metrics/mrr-check',
      headers: bearer(member),
    });
    expect(refused.statusCode).toBe(403);
  });
});
