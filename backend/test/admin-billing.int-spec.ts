import { AdminActionEntity } from '../src/audit/admin-action.entity.js';
import { BillingChangeEntity } from '../src/audit/billing-change.entity.js';
import { SubscriptionEntity } from '../src/subscriptions/subscription.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import { StripeEventEntity } from '../src/webhooks/stripe-event.entity.js';
import { bearer, signUpAndConfirm, uniqueEmail, type SessionBody } from './support/accounts.js';
import { buyFounding, startAppWithSandbox, type AppWithSandbox } from './support/sandbox.js';
import { resetDatabase } from './support/test-app.js';
import { waitFor } from './support/wait.js';

describe('billing operations in the back office, against the Stripe sandbox', () => {
  let env: AppWithSandbox;
  let admin: SessionBody;
  let member: SessionBody;
  const users = () => env.t.dataSource.getRepository(UserEntity);
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    session?: SessionBody,
    payload?: object,
  ) =>
    env.t.app.inject({
      method,
      url,
      headers: session ? bearer(session) : {},
      ...(payload ? { payload } : {}),
    });
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
      const user = await users().findOneBy({ email });
      return user?.status === 'paid' && user.stripe_subscription_id ? user : undefined;
    });

  beforeAll(async () => {
    env = await startAppWithSandbox();
    await resetDatabase(env.t.dataSource);
    admin = await signUpAndConfirm(
      env.t.app,
      env.t.dataSource,
      uniqueEmail('admin'),
      undefined,
      'Grace Hopper',
    );
    await users().update({ email: admin.user.email }, { is_admin: true });
    member = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('member'));
  }, 30_000);
  afterAll(() => env.close());

  it('refuses every billing route to anonymous callers (401) and members (403)', async () => {
    const id = '00000000-0000-0000-0000-000000000000';
    const routes: ['GET' | 'POST' | 'PUT', string][] = [
      ['GET', '/api/admin/stripe-events'],
      ['GET', '/api/admin/stripe-events/types'],
      ['GET', `/api/admin/stripe-events/${id}`],
      ['POST', `/api/admin/stripe-events/${id}/replay`],
      ['GET', '/api/admin/subscriptions'],
      ['GET', `/api/admin/subscriptions/${id}`],
      ['POST', `/api/admin/subscriptions/${id}/cancel`],
      ['POST', `/api/admin/subscriptions/${id}/reactivate`],
    ];
    for (const [method, url] of routes) {
      expect({ url, status: (await call(method, url)).statusCode }).toEqual({ url, status: 401 });
      expect({ url, status: (await call(method, url, member)).statusCode }).toEqual({
        url,
        status: 403,
      });
    }
  });

  it('lists Stripe events, shows their payload, and replays one without changing anything', async () => {
    const email = uniqueEmail('events');
    const { sessionId } = await buyFounding(env.t.app, email);
    await paidUser(email);
    await settled();

    const listed = await call(
      'GET',
      `/api/admin/stripe-events?filter=${encodeURIComponent(JSON.stringify({ event_type: 'checkout.session.completed', processed: true }))}`,
      admin,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['content-range']).toMatch(/^stripe-events 0-\d+\/\d+$/);
    const [row] = listed.json() as { id: string; stripe_event_id: string; event_data?: unknown }[];
    expect(row).toMatchObject({ processed: true, event_type: 'checkout.session.completed' });
    expect(row.event_data).toBeUndefined();
    expect((await call('GET', '/api/admin/stripe-events/types', admin)).json()).toEqual(
      expect.arrayContaining([
        'checkout.session.completed',
        'customer.subscription.created',
        'invoice.paid',
      ]),
    );
    const detail = (await call('GET', `/api/admin/stripe-events/${row.id}`, admin)).json();
    expect(detail.event_data.data.object.id).toBe(sessionId);

    const before = await users().findOneByOrFail({ email });
    const emails = await env.t.dataSource.query(
      `SELECT count(*)::int AS n FROM emails WHERE to_email = $1`,
      [email],
    );
    const replayed = await call('POST', `/api/admin/stripe-events/${row.id}/replay`, admin);
    expect(replayed.json()).toEqual({
      message: `Webhook replayed for event ${row.stripe_event_id}`,
    });
    await settled();
    const event = await env.t.dataSource
      .getRepository(StripeEventEntity)
      .findOneByOrFail({ id: row.id });
    expect(event).toMatchObject({ processed: true, error_message: null });
    const after = await users().findOneByOrFail({ email });
    expect(after).toMatchObject({
      status: before.status,
      stripe_subscription_id: before.stripe_subscription_id,
      founding_member_purchased_at: before.founding_member_purchased_at,
    });
    expect(
      await env.t.dataSource.query(`SELECT count(*)::int AS n FROM emails WHERE to_email = $1`, [
        email,
      ]),
    ).toEqual(emails);
    expect(
      await env.t.dataSource
        .getRepository(AdminActionEntity)
        .countBy({ action_type: 'replay_webhook' }),
    ).toBe(1);
    expect(
      (
        await call(
          'POST',
          `/api/admin/stripe-events/00000000-0000-0000-0000-000000000000/replay`,
          admin,
        )
      ).statusCode,
    ).toBe(404);
  }, 30_000);

  it('cancels now, reactivates as a new subscription, schedules a cancellation and undoes it, all through Stripe', async () => {
    const email = uniqueEmail('cancel');
    await buyFounding(env.t.app, email);
    const user = await paidUser(email);
    await settled();
    const row = await env.t.dataSource
      .getRepository(SubscriptionEntity)
      .findOneByOrFail({ stripe_subscription_id: user.stripe_subscription_id! });

    const listed = await call(
      'GET',
      `/api/admin/subscriptions?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`,
      admin,
    );
    expect(listed.json()).toEqual([
      expect.objectContaining({
        id: row.id,
        status: 'active',
        user: expect.objectContaining({ email }),
      }),
    ]);

    const cancelled = await call('POST', `/api/admin/subscriptions/${row.id}/cancel`, admin, {});
    expect(cancelled.json()).toMatchObject({
      message: `Subscription cancelled for ${row.stripe_subscription_id}`,
      subscription: { status: 'canceled' },
    });
    expect((await env.stripe.subscriptions.retrieve(row.stripe_subscription_id)).status).toBe(
      'canceled',
    );
    expect((await users().findOneByOrFail({ id: user.id })).subscription_status).toBe('canceled');
    expect(
      (await call('POST', `/api/admin/subscriptions/${row.id}/cancel`, admin, {})).json(),
    ).toMatchObject({
      statusCode: 409,
      code: 'already_cancelled',
    });

    const reactivated = await call('POST', `/api/admin/subscriptions/${row.id}/reactivate`, admin);
    expect(reactivated.json()).toMatchObject({
      message: 'subscription reactivated',
      subscription: { status: 'active' },
    });
    const fresh = reactivated.json().subscription as SubscriptionEntity;
    expect(fresh.stripe_subscription_id).not.toBe(row.stripe_subscription_id);
    const restarted = await env.stripe.subscriptions.retrieve(fresh.stripe_subscription_id);
    expect(restarted).toMatchObject({ status: 'active', customer: user.stripe_customer_id });
    expect(restarted.items.data[0].price.id).toBe('price_founding_member');
    expect(await users().findOneByOrFail({ id: user.id })).toMatchObject({
      stripe_subscription_id: fresh.stripe_subscription_id,
      subscription_status: 'active',
    });

    const scheduled = await call('POST', `/api/admin/subscriptions/${fresh.id}/cancel`, admin, {
      at_period_end: true,
    });
    expect(scheduled.json().subscription).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
    const undone = await call('POST', `/api/admin/subscriptions/${fresh.id}/reactivate`, admin);
    expect(undone.json().subscription).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
    });
    expect(
      (await env.stripe.subscriptions.retrieve(fresh.stripe_subscription_id)).cancel_at_period_end,
    ).toBe(false);
    expect(
      (await call('POST', `/api/admin/subscriptions/${fresh.id}/reactivate`, admin)).json(),
    ).toMatchObject({ code: 'not_cancelled' });

    const changes = await env.t.dataSource
      .getRepository(BillingChangeEntity)
      .find({ where: { user_id: user.id }, order: { created_at: 'ASC' } });
    expect(changes.map((change) => change.change_type)).toEqual([
      'cancel_subscription',
      'reactivate_subscription',
      'cancel_subscription',
      'reactivate_subscription',
    ]);
    expect(changes[0]).toMatchObject({
      old_values: { status: 'active' },
      new_values: { status: 'canceled' },
    });
    const activity = (await call('GET', `/api/admin/users/${user.id}/activity`, admin)).json();
    expect(activity[0]).toMatchObject({
      type: 'reactivate_subscription',
      admin_name: 'Grace Hopper',
    });
  }, 30_000);
});
