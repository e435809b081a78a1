import { randomUUID } from 'node:crypto';
import { AdminActionEntity } from '../src/audit/admin-action.entity.js';
import { PaymentMethodEntity } from '../src/payments/payment-method.entity.js';
import { TransactionEntity } from '../src/payments/transaction.entity.js';
import { SubscriptionEntity } from '../src/subscriptions/subscription.entity.js';
import { UserPromosService } from '../src/users/user-promos.service.js';
import { UserEntity } from '../src/users/user.entity.js';
import { StripeEventEntity } from '../src/webhooks/stripe-event.entity.js';
import {
  bearer,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
  makeAdmin,
} from './support/accounts.js';
import {
  buyFounding,
  buyFoundingUnheard,
  startAppWithSandbox,
  type AppWithSandbox,
} from './support/sandbox.js';
import { settleStripeEvents } from './support/settle.js';
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
  /** The audit trail's billing rows, oldest first, in the shape the assertions read. */
  const billingChanges = async (where: { target_user_id?: string; action_type?: string }) =>
    (
      await env.t.dataSource
        .getRepository(AdminActionEntity)
        .find({ where: { outcome: 'success', ...where }, order: { created_at: 'ASC' } })
    ).map((action) => ({
      change_type: action.action_type,
      admin_id: action.admin_id,
      reason: action.details.description,
      old_values: action.details.old_values,
      new_values: action.details.new_values,
    }));
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
    await makeAdmin(env.t.dataSource, admin.user.email);
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
      ['GET', `/api/admin/users/${id}/payments`],
      ['POST', `/api/admin/users/${id}/payments/sync`],
      ['PUT', `/api/admin/users/${id}/billing`],
      ['POST', `/api/admin/users/${id}/stripe-sync`],
      ['POST', `/api/admin/users/${id}/refunds`],
      ['POST', `/api/admin/users/${id}/subscription`],
      ['GET', '/api/admin/promotions'],
      ['POST', '/api/admin/promotions'],
      ['PUT', `/api/admin/promotions/${id}`],
      ['GET', '/api/admin/recovery'],
      ['POST', '/api/admin/recovery/recover'],
      ['POST', '/api/admin/recovery/password-link'],
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

    const reactivated = await call('POST', `/api/admin/subscriptions/${row.id}/reactivate`, admin, {
      confirm_amount_cents: 5_000,
    });
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
    const periodEnd = new Date(scheduled.json().subscription.current_period_end as string);
    expect(scheduled.json().message).toBe(
      `Subscription ${fresh.stripe_subscription_id} will cancel at the end of the period, on ${periodEnd.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })}`,
    );
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

    const changes = await billingChanges({ target_user_id: user.id });
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

    // Stripe refusing (here: a subscription it does not know) is a 502, not Stripe's own 404.
    // The row's history names its Stripe id: once its events are worked, both go together.
    await settled();
    await env.t.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM subscription_history WHERE stripe_subscription_id = $1`, [
        fresh.stripe_subscription_id,
      ]);
      await manager
        .getRepository(SubscriptionEntity)
        .update(fresh.id, { stripe_subscription_id: `sub_missing_${randomUUID().slice(0, 8)}` });
    });
    expect(
      (await call('POST', `/api/admin/subscriptions/${fresh.id}/cancel`, admin, {})).json(),
    ).toEqual({ statusCode: 502, code: 'stripe_failed', message: 'Failed to cancel subscription' });
    expect(
      (
        await call('POST', `/api/admin/subscriptions/${fresh.id}/cancel`, admin, {
          at_period_end: true,
        })
      ).json(),
    ).toEqual({ statusCode: 502, code: 'stripe_failed', message: 'Failed to cancel subscription' });
  }, 30_000);

  it('schedules the end of a founding subscription by releasing its schedule, and reactivating schedules the move again', async () => {
    const email = uniqueEmail('founding-end');
    await buyFounding(env.t.app, email);
    const user = await paidUser(email);
    const subscriptionId = user.stripe_subscription_id!;
    const schedule = await waitFor(async () => {
      const subscription = await env.stripe.subscriptions.retrieve(subscriptionId);
      if (!subscription.schedule) return;
      const found = await env.stripe.subscriptionSchedules.retrieve(String(subscription.schedule));
      return found.phases.length === 2 ? found : undefined;
    });
    await settled();
    const row = await env.t.dataSource
      .getRepository(SubscriptionEntity)
      .findOneByOrFail({ stripe_subscription_id: subscriptionId });

    const scheduled = await call('POST', `/api/admin/subscriptions/${row.id}/cancel`, admin, {
      at_period_end: true,
    });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json().subscription).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
    expect((await env.stripe.subscriptionSchedules.retrieve(schedule.id)).status).toBe('released');

    const undone = await call('POST', `/api/admin/subscriptions/${row.id}/reactivate`, admin);
    expect(undone.json().subscription).toMatchObject({ cancel_at_period_end: false });
    const again = await env.stripe.subscriptions.retrieve(subscriptionId);
    const rescheduled = await env.stripe.subscriptionSchedules.retrieve(String(again.schedule));
    expect(rescheduled.id).not.toBe(schedule.id);
    expect(rescheduled.phases.map((phase) => [phase.items[0].price, phase.start_date])).toEqual(
      schedule.phases.map((phase) => [phase.items[0].price, phase.start_date]),
    );
    await settled();
  }, 30_000);

  it('reads payment history, syncing from Stripe when none is recorded, and a second sync writes nothing', async () => {
    const email = uniqueEmail('history');
    await buyFounding(env.t.app, email);
    const user = await paidUser(email);
    await settled();
    // As if the invoice webhooks had been lost: nothing recorded for this customer.
    await env.t.dataSource.query(`DELETE FROM transactions WHERE stripe_customer_id = $1`, [
      user.stripe_customer_id,
    ]);

    const history = (await call('GET', `/api/admin/users/${user.id}/payments`, admin)).json();
    expect(history.transactions).toEqual([
      expect.objectContaining({
        amount_cents: 5000,
        status: 'succeeded',
        receipt_url: expect.stringMatching(/\/receipts\/ch_/),
      }),
    ]);
    expect(history.payment_methods).toEqual([
      expect.objectContaining({
        card_brand: 'visa',
        card_last4: '4242',
        is_default: true,
        card_exp_month: 12,
      }),
    ]);

    const stamp = async () =>
      (
        await env.t.dataSource.query(
          `SELECT (SELECT json_agg(updated_at ORDER BY id) FROM transactions WHERE user_id = $1) AS t,
                (SELECT json_agg(updated_at ORDER BY id) FROM payment_methods WHERE user_id = $1) AS m`,
          [user.id],
        )
      )[0];
    const before = await stamp();
    const synced = await call('POST', `/api/admin/users/${user.id}/payments/sync`, admin);
    expect(synced.statusCode).toBe(200);
    expect(synced.json().transactions).toHaveLength(1);
    expect(await stamp()).toEqual(before);
    expect(
      await env.t.dataSource.getRepository(PaymentMethodEntity).countBy({ user_id: user.id }),
    ).toBe(1);

    const plain = await users().findOneByOrFail({ email: member.user.email });
    expect(
      (await call('POST', `/api/admin/users/${plain.id}/payments/sync`, admin)).json(),
    ).toMatchObject({ code: 'no_customer' });
    expect((await call('GET', `/api/admin/users/${plain.id}/payments`, admin)).json()).toEqual({
      payment_methods: [],
      transactions: [],
    });
  }, 30_000);

  it('syncs a history longer than a page, each invoice with its charge, and rewrites nothing the second time', async () => {
    const email = uniqueEmail('history');
    const customer = await env.stripe.customers.create({
      email,
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    const subscription = await env.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_prospector' }],
    });
    env.sandbox.seedInvoiceHistory(subscription.id, 249);
    await users().insert({ email, status: 'paid', stripe_customer_id: customer.id });
    const user = await users().findOneByOrFail({ email });
    await settled();

    const synced = await call('POST', `/api/admin/users/${user.id}/payments/sync`, admin);
    expect(synced.statusCode).toBe(200);
    const rows = (await env.t.dataSource.query(
      `SELECT stripe_invoice_id, stripe_charge_id, user_id, xmin::text AS version FROM transactions WHERE stripe_customer_id = $1`,
      [customer.id],
    )) as {
      stripe_invoice_id: string;
      stripe_charge_id: string;
      user_id: string;
      version: string;
    }[];
    const invoices = env.sandbox
      .objects('invoice')
      .filter((invoice) => invoice.customer === customer.id);
    expect(invoices).toHaveLength(250);
    expect(rows.map((row) => row.stripe_invoice_id).sort()).toEqual(
      invoices.map((invoice) => invoice.id).sort(),
    );
    // Each row carries the charge of its own invoice, found through the expanded payments.
    const chargeOf = new Map(
      env.sandbox
        .objects('invoice_payment')
        .map((payment) => [
          String(payment.invoice),
          String((payment.payment as { charge: string }).charge),
        ]),
    );
    expect(
      rows.filter((row) => row.stripe_charge_id !== chargeOf.get(row.stripe_invoice_id)),
    ).toEqual([]);
    expect(rows.filter((row) => row.user_id !== user.id)).toEqual([]);

    const again = await call('POST', `/api/admin/users/${user.id}/payments/sync`, admin);
    expect(again.statusCode).toBe(200);
    const versions = (await env.t.dataSource.query(
      `SELECT stripe_invoice_id, xmin::text AS version FROM transactions WHERE stripe_customer_id = $1`,
      [customer.id],
    )) as { stripe_invoice_id: string; version: string }[];
    expect(new Map(versions.map((row) => [row.stripe_invoice_id, row.version]))).toEqual(
      new Map(rows.map((row) => [row.stripe_invoice_id, row.version])),
    );
  }, 60_000);

  it('saves billing information, updates the Stripe customer, and keeps the change with a warning when Stripe is down', async () => {
    const email = uniqueEmail('billing');
    await buyFounding(env.t.app, email);
    const user = await paidUser(email);
    await settled();
    const saved = await call('PUT', `/api/admin/users/${user.id}/billing`, admin, {
      billing_name: 'Ada Accounts',
      billing_email: 'Accounts@Example.com',
      billing_phone: '(555) 000-1111',
      billing_address: {
        line1: '1 Engine Way',
        city: 'London',
        state: 'LDN',
        postal_code: 'N1 9GU',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().warning).toBeUndefined();
    expect(saved.json().user).toMatchObject({
      billing_name: 'Ada Accounts',
      billing_email: 'accounts@example.com',
      billing_address: { line1: '1 Engine Way', country: 'US' },
    });
    expect(saved.json().user.last_sync_at).not.toBeNull();
    const customer = await env.stripe.customers.retrieve(user.stripe_customer_id!);
    expect(customer).toMatchObject({
      name: 'Ada Accounts',
      email: 'accounts@example.com',
      address: { city: 'London', country: 'US' },
    });

    env.sandbox.failNextRequests(3);
    const offline = await call('PUT', `/api/admin/users/${user.id}/billing`, admin, {
      use_account_details: true,
    });
    expect(offline.statusCode).toBe(200);
    expect(offline.json()).toMatchObject({
      warning: 'Database updated but Stripe sync failed',
      user: { billing_name: null, billing_email: null, billing_phone: null, billing_address: null },
    });
    expect(await users().findOneByOrFail({ id: user.id })).toMatchObject({
      billing_name: null,
      billing_address: null,
    });
    const changes = await billingChanges({
      target_user_id: user.id,
      action_type: 'update_billing',
    });
    expect(changes).toHaveLength(2);
    expect(changes[1]).toMatchObject({
      old_values: { billing_name: 'Ada Accounts' },
      new_values: { billing_name: null },
    });

    // Sync with Stripe pulls the customer back.
    const pulled = await call('POST', `/api/admin/users/${user.id}/stripe-sync`, admin);
    expect(pulled.json()).toMatchObject({
      billing_name: 'Ada Accounts',
      billing_email: 'accounts@example.com',
    });
    expect(
      (await call('PUT', `/api/admin/users/${user.id}/billing`, admin, { billing_email: 'nope' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call('PUT', `/api/admin/users/${user.id}/billing`, admin, {
          billing_address: { country: 'USA' },
        })
      ).statusCode,
    ).toBe(400);
  }, 30_000);

  it('refunds part of a payment, then the rest, once each even when Stripe’s answer is lost', async () => {
    const email = uniqueEmail('refund');
    await buyFounding(env.t.app, email);
    const user = await paidUser(email);
    await settled();
    const { transactions } = (
      await call('GET', `/api/admin/users/${user.id}/payments`, admin)
    ).json();
    const payment = transactions[0] as TransactionEntity;

    // The refund happens at Stripe but every answer is lost: the admin sees a failure and retries.
    env.sandbox.loseNextResponses(3, '/v1/refunds');
    const request_id = randomUUID();
    const lost = await call('POST', `/api/admin/users/${user.id}/refunds`, admin, {
      transaction_id: payment.id,
      amount_cents: 2000,
      reason: 'requested_by_customer',
      request_id,
    });
    expect(lost.statusCode).toBe(502);
    // Meanwhile Stripe's own refund events have arrived; the retry still refunds once.
    await settleStripeEvents(env);
    const retried = await call('POST', `/api/admin/users/${user.id}/refunds`, admin, {
      transaction_id: payment.id,
      amount_cents: 2000,
      reason: 'requested_by_customer',
      request_id,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().transactions[0]).toMatchObject({
      amount_refunded_cents: 2000,
      status: 'succeeded',
    });
    const refunds = env.sandbox
      .objects('refund')
      .filter((refund) => refund.charge === payment.stripe_charge_id);
    expect(refunds).toHaveLength(1);

    expect(
      (
        await call('POST', `/api/admin/users/${user.id}/refunds`, admin, {
          transaction_id: payment.id,
          amount_cents: 3001,
        })
      ).json(),
    ).toMatchObject({
      statusCode: 400,
      code: 'refund_too_large',
      message: 'The refund cannot be more than the $30 left on this payment.',
    });
    const rest = await call('POST', `/api/admin/users/${user.id}/refunds`, admin, {
      transaction_id: payment.id,
    });
    expect(rest.json().transactions[0]).toMatchObject({
      amount_refunded_cents: 5000,
      status: 'refunded',
    });
    expect((await env.stripe.charges.retrieve(payment.stripe_charge_id!)).refunded).toBe(true);
    expect(
      (
        await call('POST', `/api/admin/users/${user.id}/refunds`, admin, {
          transaction_id: payment.id,
        })
      ).json(),
    ).toMatchObject({ code: 'not_refundable' });
    const changes = await billingChanges({
      target_user_id: user.id,
      action_type: 'process_refund',
    });
    expect(changes).toHaveLength(2);
  }, 30_000);

  it('changes the plan after the founding period without touching it, and prorates a monthly plan change', async () => {
    const email = uniqueEmail('plan');
    await buyFounding(env.t.app, email);
    const user = await paidUser(email);
    await settled();
    const changed = await call('POST', `/api/admin/users/${user.id}/subscription`, admin, {
      plan: 'rainmaker',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      subscription_plan: 'founding_member',
      founding_member: true,
    });
    const subscription = await env.stripe.subscriptions.retrieve(user.stripe_subscription_id!);
    expect(subscription.items.data[0].price.id).toBe('price_founding_member');
    const schedule = await env.stripe.subscriptionSchedules.retrieve(String(subscription.schedule));
    expect(schedule.phases.map((phase) => phase.items[0].price)).toEqual([
      'price_founding_member',
      'price_rainmaker',
    ]);
    expect(schedule.phases[0].end_date).toBe(subscription.items.data[0].current_period_end);

    // A monthly subscriber moves at once, with a proration invoice for the rest of the month.
    const monthly = uniqueEmail('monthly');
    const customer = await env.stripe.customers.create({
      email: monthly,
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    const plain = await users().save(
      users().create({ email: monthly, status: 'active', stripe_customer_id: customer.id }),
    );
    const created = await env.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_prospector' }],
    });
    await waitFor(async () =>
      (await users().findOneByOrFail({ id: plain.id })).stripe_subscription_id === created.id
        ? true
        : undefined,
    );
    const preview = (
      await call('GET', `/api/admin/users/${plain.id}/subscription/preview?plan=networker`, admin)
    ).json();
    expect(preview.after_founding).toBe(false);
    expect(preview.amount_due_cents).toBeGreaterThan(0);
    expect(
      (
        await call('GET', `/api/admin/users/${user.id}/subscription/preview?plan=networker`, admin)
      ).json(),
    ).toEqual({
      amount_due_cents: 0,
      credit_cents: 0,
      after_founding: true,
    });
    expect(
      (await call('GET', `/api/admin/users/${plain.id}/subscription/preview?plan=gold`, admin))
        .statusCode,
    ).toBe(400);
    // Stripe refusing the preview (a subscription it does not know) is a 502, not its own 404.
    const orphan = await users().save(
      users().create({
        email: uniqueEmail('orphan'),
        status: 'active',
        stripe_subscription_id: `sub_missing_${randomUUID().slice(0, 8)}`,
      }),
    );
    expect(
      (
        await call(
          'GET',
          `/api/admin/users/${orphan.id}/subscription/preview?plan=networker`,
          admin,
        )
      ).json(),
    ).toEqual({
      statusCode: 502,
      code: 'stripe_failed',
      message: 'Failed to preview the plan change',
    });
    const moved = await call('POST', `/api/admin/users/${plain.id}/subscription`, admin, {
      plan: 'networker',
    });
    expect(moved.json()).toMatchObject({ subscription_plan: 'networker' });
    const invoices = (await env.stripe.invoices.list({ subscription: created.id })).data;
    expect(invoices.map((invoice) => invoice.billing_reason).sort()).toEqual([
      'subscription_create',
      'subscription_update',
    ]);
    const proration = invoices.find((invoice) => invoice.billing_reason === 'subscription_update')!;
    expect(proration.amount_paid).toBeGreaterThan(0);
    expect(proration.amount_paid).toBeLessThanOrEqual(14_500 - 7_500);
    expect(Math.abs(proration.amount_paid - preview.amount_due_cents)).toBeLessThanOrEqual(5);
    expect(
      (
        await call('POST', `/api/admin/users/${plain.id}/subscription`, admin, {
          plan: 'networker',
        })
      ).json(),
    ).toMatchObject({ code: 'same_plan' });
    expect(
      (
        await call('POST', `/api/admin/users/${plain.id}/subscription`, admin, {
          plan: 'founding_member',
        })
      ).statusCode,
    ).toBe(400);
    expect(await billingChanges({ action_type: 'change_subscription' })).toHaveLength(2);
  }, 30_000);

  it('finds a customer whose payment webhook was dropped, recovers them, and hands out a password link', async () => {
    const email = uniqueEmail('dropped');
    await buyFoundingUnheard(env, email);
    // The buyer's users row is only written once the payment is processed.
    expect(await users().findOneBy({ email })).toBeNull();

    const listed = (await call('GET', '/api/admin/recovery', admin)).json() as {
      email: string;
      reason: string;
    }[];
    expect(listed).toContainEqual(
      expect.objectContaining({ email, reason: 'payment_not_processed', founding_member: true }),
    );

    const recovered = await call('POST', '/api/admin/recovery/recover', admin, {
      email: email.toUpperCase(),
    });
    expect(recovered.json()).toEqual({
      success: true,
      message: `Successfully recovered customer: ${email}`,
    });
    const user = await users().findOneByOrFail({ email });
    expect(user).toMatchObject({
      status: 'paid',
      founding_member: true,
      subscription_plan: 'founding_member',
    });
    expect(user.auth_user_id).not.toBeNull();
    expect(
      await env.t.dataSource.query(
        `SELECT template FROM emails WHERE to_email = $1 ORDER BY created_at`,
        [email],
      ),
    ).toEqual([{ template: 'founding-member-welcome' }]);
    expect(
      ((await call('GET', '/api/admin/recovery', admin)).json() as { email: string }[]).map(
        (row) => row.email,
      ),
    ).not.toContain(email);
    expect(
      await env.t.dataSource
        .getRepository(AdminActionEntity)
        .countBy({ target_user_id: user.id, action_type: 'recover_customer' }),
    ).toBe(1);

    const link = await call('POST', '/api/admin/recovery/password-link', admin, { email });
    expect(link.json()).toEqual({
      success: true,
      passwordSetupUrl: expect.stringMatching(
        /^http:\/\/localhost:3000\/setup-password#token=[\w-]+$/,
      ),
    });
    const token = String(link.json().passwordSetupUrl).split('#token=')[1];
    const reset = await call('POST', '/api/auth/reset-password', undefined, {
      token,
      password: 'recovered passphrase',
    });
    expect(reset.statusCode).toBe(200);
    expect(await users().findOneByOrFail({ email })).toMatchObject({
      status: 'active',
      password_set: true,
    });
    // Nothing left to recover once the customer is in.
    expect((await call('POST', '/api/admin/recovery/recover', admin, { email })).statusCode).toBe(
      404,
    );
    expect(
      (
        await call('POST', '/api/admin/recovery/password-link', admin, {
          email: 'nobody@example.com',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/admin/recovery/recover', admin, { email: 'not-an-email' }))
        .statusCode,
    ).toBe(400);
  }, 30_000);

  it('recovers a paying customer once: they leave the list, and a second Recover, even a concurrent one, is refused', async () => {
    const email = uniqueEmail('stuck');
    const customer = await env.stripe.customers.create({ email });
    const stuck = await users().save(
      users().create({
        email,
        first_name: 'Stuck',
        last_name: 'Customer',
        status: 'paid',
        stripe_customer_id: customer.id,
      }),
    );
    const listed = async () =>
      ((await call('GET', '/api/admin/recovery', admin)).json() as { email: string }[]).map(
        (row) => row.email,
      );
    expect(await listed()).toContain(email);

    const answers = await Promise.all([
      call('POST', '/api/admin/recovery/recover', admin, { email }),
      call('POST', '/api/admin/recovery/recover', admin, { email }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({
      statusCode: 409,
      code: 'already_recovered',
      message:
        'This customer has already been recovered. Use Get Password Link to give them a new setup link.',
    });
    expect(
      await env.t.dataSource.query(`SELECT template FROM emails WHERE to_email = $1`, [email]),
    ).toEqual([{ template: 'password-setup' }]);
    expect(
      await env.t.dataSource
        .getRepository(AdminActionEntity)
        .countBy({ target_user_id: stuck.id, action_type: 'recover_customer' }),
    ).toBe(1);
    expect(await listed()).not.toContain(email);
    expect((await call('POST', '/api/admin/recovery/recover', admin, { email })).statusCode).toBe(
      409,
    );
  }, 30_000);

  it('lets a member subscribe to a monthly plan by Checkout, then change it', async () => {
    const subscriber = await signUpAndConfirm(
      env.t.app,
      env.t.dataSource,
      uniqueEmail('subscriber'),
    );
    expect(
      (await call('POST', '/api/billing/checkout', undefined, { plan: 'networker' })).statusCode,
    ).toBe(401);
    expect(
      (await call('POST', '/api/billing/checkout', subscriber, { plan: 'founding_member' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/billing/plan', subscriber, { plan: 'rainmaker' })).json(),
    ).toMatchObject({ code: 'no_subscription' });

    const checkout = await call('POST', '/api/billing/checkout', subscriber, { plan: 'networker' });
    expect(checkout.statusCode).toBe(200);
    const url = checkout.json().url as string;
    const session = await env.stripe.checkout.sessions.retrieve(url.split('/').at(-1)!);
    expect(session).toMatchObject({
      mode: 'subscription',
      amount_total: 14_500,
      metadata: { kind: 'plan', plan: 'networker' },
    });
    expect(session.success_url).toBe(
      'http://localhost:3000/dashboard/settings?tab=subscription&checkout=success',
    );
    const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);

    const user = await waitFor(async () => {
      const row = await users().findOneByOrFail({ email: subscriber.user.email });
      return row.subscription_plan === 'networker' ? row : undefined;
    });
    expect(user).toMatchObject({
      status: 'active',
      subscription_status: 'active',
      founding_member: false,
    });
    expect(user.stripe_customer_id).toBe(session.customer);
    expect(
      (await call('POST', '/api/billing/checkout', subscriber, { plan: 'rainmaker' })).json(),
    ).toMatchObject({ code: 'already_subscribed' });

    const moved = await call('POST', '/api/billing/plan', subscriber, { plan: 'rainmaker' });
    expect(moved.json()).toMatchObject({ subscription_plan: 'rainmaker' });
    const [change] = await billingChanges({
      target_user_id: user.id,
      action_type: 'change_subscription',
    });
    expect(change).toMatchObject({
      admin_id: null,
      reason: 'Changed plan to rainmaker, prorated (chosen by the member)',
    });
  }, 30_000);

  it('applies a percentage promo as a Stripe coupon, removes it with the promo, and ends both at the expiry', async () => {
    const email = uniqueEmail('coupon');
    const customer = await env.stripe.customers.create({
      email,
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    const user = await users().save(
      users().create({ email, status: 'active', stripe_customer_id: customer.id }),
    );
    const subscription = await env.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_prospector' }],
    });
    await waitFor(async () =>
      (await users().findOneByOrFail({ id: user.id })).stripe_subscription_id === subscription.id
        ? true
        : undefined,
    );

    const applied = await call('POST', `/api/admin/users/${user.id}/promo`, admin, {
      type: 'beta_tester',
      duration_days: 60,
    });
    expect(applied.json()).toMatchObject({ promo_active: true, promo_type: 'beta_tester' });
    expect(applied.json().warning).toBeUndefined();
    const discounted = await env.stripe.subscriptions.retrieve(subscription.id);
    expect(discounted.discounts).toHaveLength(1);
    // The discount lasts as long as the label, to the day: the expiry sweep ends it.
    const coupon = await env.stripe.coupons.retrieve('promo-beta_tester');
    expect(coupon).toMatchObject({ percent_off: 50, duration: 'forever' });

    // The next renewal is billed at half price.
    await env.stripe.testHelpers.testClocks.advance('clock_sandbox', {
      frozen_time: discounted.items.data[0].current_period_end + 60,
    });
    const renewal = (await env.stripe.invoices.list({ subscription: subscription.id })).data.find(
      (invoice) => invoice.billing_reason === 'subscription_cycle',
    )!;
    expect(renewal).toMatchObject({ amount_paid: 3750, subtotal: 7500 });

    const removed = await call('DELETE', `/api/admin/users/${user.id}/promo`, admin);
    expect(removed.json()).toMatchObject({ promo_active: false, promo_type: null });
    expect((await env.stripe.subscriptions.retrieve(subscription.id)).discounts).toEqual([]);
    // A label-only promo makes no Stripe call and no warning.
    const trial = await call('POST', `/api/admin/users/${user.id}/promo`, admin, {
      type: 'one_week_trial',
      duration_days: 7,
    });
    expect(trial.json().warning).toBeUndefined();
    expect((await env.stripe.subscriptions.retrieve(subscription.id)).discounts).toEqual([]);

    // At the expiry the promo ends by itself, as the system, with its Stripe discount.
    await call('POST', `/api/admin/users/${user.id}/promo`, admin, {
      type: 'early_adopter',
      duration_days: 45,
    });
    expect((await env.stripe.subscriptions.retrieve(subscription.id)).discounts).toHaveLength(1);
    const promos = env.t.app.get(UserPromosService);
    expect(await promos.expirePromos()).toBe(0);
    await users().update(user.id, { promo_expiration_date: new Date(Date.now() - 1000) });
    expect(await promos.expirePromos()).toBe(1);
    expect(await users().findOneByOrFail({ id: user.id })).toMatchObject({
      promo_active: false,
      promo_type: null,
      promo_expiration_date: null,
    });
    expect((await env.stripe.subscriptions.retrieve(subscription.id)).discounts).toEqual([]);
    expect(await billingChanges({ target_user_id: user.id, action_type: 'end_promo' })).toEqual([
      {
        change_type: 'end_promo',
        admin_id: null,
        reason: 'Promo Early Adopter ended at its expiry',
        old_values: expect.objectContaining({ promo_active: true, promo_type: 'early_adopter' }),
        new_values: { promo_active: false, promo_type: null, promo_expiration_date: null },
      },
    ]);
    expect(await promos.expirePromos()).toBe(0);
  }, 30_000);

  it('keeps promotions in step with Stripe coupons and codes, and counts a checkout that uses one', async () => {
    const code = `SPRING${Date.now().toString(36).slice(-4).toUpperCase()}`;
    const created = await call('POST', '/api/admin/promotions', admin, {
      name: 'Spring sale',
      code: code.toLowerCase(),
      type: 'percentage',
      value: 25,
      max_uses: 10,
    });
    expect(created.statusCode).toBe(201);
    const promotion = created.json();
    expect(promotion).toMatchObject({ code, active: true, current_uses: 0 });
    const coupon = await env.stripe.coupons.retrieve(promotion.stripe_coupon_id);
    expect(coupon).toMatchObject({ percent_off: 25, name: 'Spring sale' });
    const stripeCode = await env.stripe.promotionCodes.retrieve(promotion.stripe_promotion_code_id);
    expect(stripeCode).toMatchObject({
      code,
      active: true,
      max_redemptions: 10,
      promotion: { coupon: coupon.id },
    });
    expect(
      (
        await call('POST', '/api/admin/promotions', admin, {
          name: 'Again',
          code,
          type: 'percentage',
          value: 10,
        })
      ).json(),
    ).toMatchObject({ code: 'code_taken' });
    expect(
      (
        await call('POST', '/api/admin/promotions', admin, {
          name: 'Too much',
          code: 'MUCH',
          type: 'percentage',
          value: 150,
        })
      ).statusCode,
    ).toBe(400);
    const fixed = await call('POST', '/api/admin/promotions', admin, {
      name: 'Ten off',
      code: `TEN${code}`,
      type: 'fixed_amount',
      value: 1000,
    });
    expect((await env.stripe.coupons.retrieve(fixed.json().stripe_coupon_id)).amount_off).toBe(
      1000,
    );

    const off = await call('PUT', `/api/admin/promotions/${promotion.id}`, admin, {
      active: false,
    });
    expect(off.json()).toMatchObject({ active: false });
    expect(
      (await env.stripe.promotionCodes.retrieve(promotion.stripe_promotion_code_id)).active,
    ).toBe(false);
    expect(
      (await call('PUT', `/api/admin/promotions/${promotion.id}`, admin, { active: true })).json(),
    ).toMatchObject({ active: true });
    expect(
      (await env.stripe.promotionCodes.retrieve(promotion.stripe_promotion_code_id)).active,
    ).toBe(true);
    const toggles = await env.t.dataSource
      .getRepository(AdminActionEntity)
      .countBy({ action_type: 'toggle_promotion' });
    expect(toggles).toBe(2);

    // A founding buyer enters the code on the checkout page: 25% off the first invoice, one use.
    const email = uniqueEmail('promo');
    const checkout = await call('POST', '/api/founding/checkout', undefined, {
      firstName: 'Pro',
      lastName: 'Mo',
      email,
      phone: '5551234567',
    });
    const url = checkout.json().url as string;
    const refused = await fetch(`${url}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'promotion_code=NOPE',
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('This code is invalid.');
    const paid = await fetch(`${url}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `promotion_code=${code.toLowerCase()}`,
    });
    expect(paid.status).toBe(303);
    const user = await paidUser(email);
    const [invoice] = (await env.stripe.invoices.list({ customer: user.stripe_customer_id! })).data;
    expect(invoice.amount_paid).toBe(3750);
    await waitFor(async () =>
      (await call('GET', `/api/admin/promotions/${promotion.id}`, admin)).json().current_uses === 1
        ? true
        : undefined,
    );

    // Changing the value replaces the Stripe code; the old one stops working.
    const edited = await call('PUT', `/api/admin/promotions/${promotion.id}`, admin, { value: 30 });
    expect(edited.json()).toMatchObject({ value: 30, current_uses: 0 });
    expect(edited.json().stripe_promotion_code_id).not.toBe(promotion.stripe_promotion_code_id);
    expect(
      (await env.stripe.promotionCodes.retrieve(promotion.stripe_promotion_code_id)).active,
    ).toBe(false);
    expect((await env.stripe.coupons.retrieve(edited.json().stripe_coupon_id)).percent_off).toBe(
      30,
    );
  }, 30_000);
});
