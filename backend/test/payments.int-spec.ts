import { jest } from '@jest/globals';
import fc from 'fast-check';
import Stripe from 'stripe';
import { HISTORY_ORDER } from '../src/revenue/history-row.js';
import { IsNull } from 'typeorm';
import { AdminActionEntity } from '../src/audit/admin-action.entity.js';
import { FoundingReservationEntity } from '../src/founding/founding-reservation.entity.js';
import { EmailEntity } from '../src/mail/email.entity.js';
import { MailService } from '../src/mail/mail.service.js';
import { TransactionEntity } from '../src/payments/transaction.entity.js';
import { addMonths } from '@leadpulse/stripe-sandbox';
import { SubscriptionEntity } from '../src/subscriptions/subscription.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import { StripeEventEntity } from '../src/webhooks/stripe-event.entity.js';
import { bearer, signUpAndConfirm, uniqueEmail, makeAdmin } from './support/accounts.js';
import {
  buyFounding,
  buyFoundingUnheard,
  startAppWithSandbox,
  type AppWithSandbox,
} from './support/sandbox.js';
import { resetDatabase, TEST_WEBHOOK_SECRET } from './support/test-app.js';
import { waitFor } from './support/wait.js';

describe('payments after the founding purchase, against the Stripe sandbox', () => {
  let env: AppWithSandbox;
  const users = () => env.t.dataSource.getRepository(UserEntity);
  const transactions = () => env.t.dataSource.getRepository(TransactionEntity);
  const subscriptions = () => env.t.dataSource.getRepository(SubscriptionEntity);
  const paidUser = (email: string) =>
    waitFor(async () => {
      const user = await users().findOneBy({ email });
      return user?.status === 'paid' && user.stripe_subscription_id ? user : undefined;
    });
  /** Every stored event has been processed (or there are none). */
  const settled = () =>
    waitFor(
      async () => {
        const pending = await env.t.dataSource
          .getRepository(StripeEventEntity)
          .countBy({ processed: false });
        return pending === 0 ? true : undefined;
      },
      20_000,
      'every stored Stripe event processed',
    );

  beforeAll(async () => {
    env = await startAppWithSandbox();
    await resetDatabase(env.t.dataSource);
  });
  afterEach(() => {
    env.sandbox.holdDeliveries = false;
    jest.restoreAllMocks();
  });
  afterAll(() => env.close());

  it('records the payment, schedules Prospector after 3 months, and moves the member there on the clock', async () => {
    const email = uniqueEmail('schedule');
    await buyFounding(env.t.app, email);
    const user = await paidUser(email);

    const payment = await waitFor(
      async () => (await transactions().findOneBy({ user_id: user.id })) ?? undefined,
    );
    expect(payment).toMatchObject({
      stripe_customer_id: user.stripe_customer_id,
      stripe_subscription_id: user.stripe_subscription_id,
      amount_cents: 5000,
      status: 'succeeded',
    });
    expect(payment.stripe_invoice_id).toMatch(/^in_/);
    expect(payment.description).toContain('Founding Member');
    expect(await (await fetch(payment.receipt_url!)).text()).toContain('$50.00');

    const subscription = await env.stripe.subscriptions.retrieve(user.stripe_subscription_id!);
    const schedule = await env.stripe.subscriptionSchedules.retrieve(String(subscription.schedule));
    expect(schedule.end_behavior).toBe('release');
    expect(schedule.phases.map((phase) => phase.items[0].price)).toEqual([
      'price_founding_member',
      'price_prospector',
    ]);
    const phaseChange = schedule.phases[1].start_date;
    expect(phaseChange).toBe(subscription.items.data[0].current_period_end);
    expect(phaseChange).toBe(addMonths(subscription.items.data[0].current_period_start, 3));
    expect(schedule.phases[1].end_date).toBe(addMonths(phaseChange, 1));

    await env.stripe.testHelpers.testClocks.advance('clock_sandbox', {
      frozen_time: phaseChange + 60,
    });
    const moved = await waitFor(async () => {
      const row = await users().findOneByOrFail({ id: user.id });
      return row.subscription_plan === 'prospector' ? row : undefined;
    });
    expect(moved).toMatchObject({ founding_member: true, subscription_status: 'active' });
    expect(moved.founding_member_transitioned_at).toEqual(new Date(phaseChange * 1000));
    expect(moved.founding_member_purchased_at).toEqual(user.founding_member_purchased_at);
    await waitFor(async () =>
      (await transactions().countBy({ user_id: user.id, amount_cents: 7500 })) === 1
        ? true
        : undefined,
    );
    await settled();
    expect(
      await subscriptions().findOneByOrFail({ stripe_subscription_id: subscription.id }),
    ).toMatchObject({ plan_name: 'prospector', plan_type: 'monthly', amount_cents: 7500 });
    // The card starts failing: the next invoice is recorded as failed and the member is past_due.
    await env.stripe.customers.update(user.stripe_customer_id!, {
      invoice_settings: { default_payment_method: 'pm_card_chargeCustomerFail' },
    });
    await env.stripe.testHelpers.testClocks.advance('clock_sandbox', {
      frozen_time: schedule.phases[1].end_date + 60,
    });
    await waitFor(async () =>
      (await users().findOneByOrFail({ id: user.id })).subscription_status === 'past_due'
        ? true
        : undefined,
    );
    const failed = await waitFor(
      async () =>
        (await transactions().findOneBy({ user_id: user.id, status: 'failed' })) ?? undefined,
    );
    expect(failed.amount_cents).toBe(7500);
    expect((await env.stripe.subscriptionSchedules.retrieve(schedule.id)).status).toBe('released');
  }, 60_000);

  it('does not create a second Stripe object when the job is retried after Stripe created one', async () => {
    const mail = env.t.app.get(MailService);
    // The first attempt dies after the schedule was made at Stripe (the e-mail comes after it).
    jest.spyOn(mail, 'enqueue').mockRejectedValueOnce(new Error('worker crashed'));
    const email = uniqueEmail('retry');
    const { sessionId } = await buyFounding(env.t.app, email);
    const user = await paidUser(email);

    const [event] = await env.t.dataSource
      .getRepository(StripeEventEntity)
      .find({ where: { event_type: 'checkout.session.completed' }, order: { created_at: 'DESC' } });
    expect((event.event_data as { data: { object: { id: string } } }).data.object.id).toBe(
      sessionId,
    );
    expect(event).toMatchObject({ processed: true, error_message: null, attempts: 2 });
    const schedules = env.sandbox
      .objects('subscription_schedule')
      .filter((schedule) => schedule.customer === user.stripe_customer_id);
    expect(schedules).toHaveLength(1);
    expect(schedules[0].phases).toHaveLength(2);
    expect(
      env.sandbox.objects('customer').filter((customer) => customer.email === email),
    ).toHaveLength(1);
    expect(
      await env.t.dataSource
        .getRepository(EmailEntity)
        .countBy({ to_email: email, template: 'founding-member-welcome' }),
    ).toBe(1);
  }, 30_000);

  it('repairs a purchase whose webhooks never arrive, recorded as done by the system', async () => {
    const admin = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('admin'));
    await makeAdmin(env.t.dataSource, admin.user.email);
    const member = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('plain'));
    const reconcile = (headers: Record<string, string>) =>
      env.t.app.inject({ method: 'POST', url: '/api/admin/recovery/reconcile', headers });
    expect((await reconcile(bearer(member))).statusCode).toBe(403);
    expect((await reconcile({})).statusCode).toBe(401);
    await settled();

    const email = uniqueEmail('lost');
    const { sessionId } = await buyFoundingUnheard(env, email, { keepHolding: true });
    expect(await users().findOneBy({ email })).toBeNull();

    const answer = await reconcile(bearer(admin));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().repaired).toEqual([
      expect.objectContaining({ action: 'reconcile_checkout', email, stripe_id: sessionId }),
    ]);
    const repaired = await users().findOneByOrFail({ email });
    expect(repaired).toMatchObject({
      status: 'paid',
      founding_member: true,
      subscription_plan: 'founding_member',
      subscription_status: 'active',
    });
    expect(repaired.auth_user_id).not.toBeNull();
    expect(
      await env.t.dataSource
        .getRepository(FoundingReservationEntity)
        .findOneByOrFail({ stripe_checkout_session_id: sessionId }),
    ).toMatchObject({ status: 'paid' });
    expect(
      await env.t.dataSource
        .getRepository(EmailEntity)
        .countBy({ to_email: email, template: 'founding-member-welcome' }),
    ).toBe(1);
    const action = await env.t.dataSource
      .getRepository(AdminActionEntity)
      .findOneByOrFail({ target_user_id: repaired.id });
    expect(action).toMatchObject({ admin_id: null, action_type: 'reconcile_checkout' });
    expect(action.details.description).toContain(sessionId);
    // The revenue metrics count it: its history, which no event wrote, is rebuilt from Stripe.
    const history = () =>
      env.t.dataSource.query(
        `SELECT status, mrr_cents, source FROM subscription_history
          WHERE stripe_subscription_id = $1 ORDER BY ${HISTORY_ORDER}`,
        [repaired.stripe_subscription_id],
      ) as Promise<{ status: string; mrr_cents: number; source: string }[]>;
    expect(await history()).toEqual([{ status: 'active', mrr_cents: 1667, source: 'backfill' }]);

    // Nothing left to repair; a stale status is the next thing it catches.
    expect((await reconcile(bearer(admin))).json().repaired).toEqual([]);
    await env.stripe.customers.update(repaired.stripe_customer_id!, {
      invoice_settings: { default_payment_method: 'pm_card_chargeCustomerFail' },
    });
    const subscription = await env.stripe.subscriptions.retrieve(repaired.stripe_subscription_id!);
    await env.stripe.testHelpers.testClocks.advance('clock_sandbox', {
      frozen_time: subscription.items.data[0].current_period_end + 60,
    });
    // (The clock moved every member's subscription on, the earlier tests' too, with the
    // webhooks held: what ended meanwhile is brought in step as well.)
    expect((await reconcile(bearer(admin))).json().repaired).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'reconcile_subscription', email }),
      ]),
    );
    expect(await users().findOneByOrFail({ email })).toMatchObject({
      subscription_status: 'past_due',
    });
    expect((await history()).at(-1)).toMatchObject({ status: 'past_due' });

    // A cancellation whose event was lost: the history ends where Stripe says, once.
    await env.stripe.subscriptions.cancel(repaired.stripe_subscription_id!);
    expect((await reconcile(bearer(admin))).json().repaired).toEqual([
      expect.objectContaining({ action: 'reconcile_subscription', email }),
    ]);
    expect(await users().findOneByOrFail({ email })).toMatchObject({
      subscription_status: 'canceled',
    });
    expect((await history()).at(-1)).toEqual({
      status: 'canceled',
      mrr_cents: 0,
      source: 'reconciliation',
    });
    const rows = (await history()).length;
    expect((await reconcile(bearer(admin))).json().repaired).toEqual([]);
    expect(await history()).toHaveLength(rows);
    expect(
      await env.t.dataSource
        .getRepository(AdminActionEntity)
        .countBy({ target_user_id: repaired.id, admin_id: IsNull() }),
    ).toBe(3);
  }, 60_000);

  it('ends in the state of the latest event whatever the order and repetition of delivery', async () => {
    const events = env.t.app.get(
      (await import('../src/webhooks/stripe-events.service.js')).StripeEventsService,
    );
    const prices = [
      'price_prospector',
      'price_networker',
      'price_rainmaker',
      'price_founding_member',
    ];
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('price' as const), price: fc.constantFrom(...prices) }),
      fc.record({ kind: fc.constant('cancel_at_period_end' as const), value: fc.boolean() }),
      fc.record({ kind: fc.constant('cancel' as const) }),
    );

    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.array(fc.nat(), { minLength: 16, maxLength: 16 }),
        async (operations, repeats, keys) => {
          env.sandbox.holdDeliveries = true;
          const email = uniqueEmail('property');
          const customer = await env.stripe.customers.create({
            email,
            invoice_settings: { default_payment_method: 'pm_card_visa' },
          });
          await users().insert({ email, status: 'paid', stripe_customer_id: customer.id });
          const subscription = await env.stripe.subscriptions.create({
            customer: customer.id,
            items: [{ price: 'price_prospector' }],
          });
          for (const op of operations) {
            const current = await env.stripe.subscriptions.retrieve(subscription.id);
            if (current.status === 'canceled') break;
            if (op.kind === 'price')
              await env.stripe.subscriptions.update(subscription.id, {
                items: [{ price: op.price }],
              });
            else if (op.kind === 'cancel_at_period_end')
              await env.stripe.subscriptions.update(subscription.id, {
                cancel_at_period_end: op.value,
              });
            else await env.stripe.subscriptions.cancel(subscription.id);
          }
          const emitted = env.sandbox
            .objects('event')
            .filter(
              (event) =>
                String(event.type).startsWith('customer.subscription.') &&
                (event.data as { object: { id: string } }).object.id === subscription.id,
            )
            .reverse() as unknown as Stripe.Event[];
          const latest = emitted.at(-1)!.data.object as Stripe.Subscription;
          const deliveries = [
            ...emitted,
            ...repeats.map((index) => emitted[index % emitted.length]),
          ]
            .map((event, index) => ({ event, key: keys[index % keys.length] * 100 + index }))
            .sort((a, b) => a.key - b.key)
            .map(({ event }) => event);

          for (const event of deliveries) {
            const payload = JSON.stringify(event);
            await events.receive(
              Buffer.from(payload),
              env.stripe.webhooks.generateTestHeaderString({
                payload,
                secret: TEST_WEBHOOK_SECRET,
              }),
            );
          }
          await settled();
          const row = await subscriptions().findOneByOrFail({
            stripe_subscription_id: subscription.id,
          });
          const item = latest.items.data[0];
          expect(row).toMatchObject({
            status: latest.status,
            plan_name: item.price.id.replace(/^price_/, ''),
            amount_cents: item.price.unit_amount,
            cancel_at_period_end: latest.cancel_at_period_end,
          });
          expect(await users().findOneByOrFail({ email })).toMatchObject({
            subscription_status: latest.status,
            subscription_plan: item.price.id.replace(/^price_/, ''),
          });
          expect(
            await env.t.dataSource
              .getRepository(StripeEventEntity)
              .countBy({ stripe_event_id: emitted[0].id }),
          ).toBe(1);
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});
