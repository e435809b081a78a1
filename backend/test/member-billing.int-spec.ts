import { AdminActionEntity } from '../src/audit/admin-action.entity.js';
import { EmailEntity } from '../src/mail/email.entity.js';
import { SubscriptionEntity } from '../src/subscriptions/subscription.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import { StripeEventEntity } from '../src/webhooks/stripe-event.entity.js';
import {
  bearer,
  signUpAdmin,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import {
  buyFoundingAsMember,
  startAppWithSandbox,
  type AppWithSandbox,
} from './support/sandbox.js';
import { resetDatabase } from './support/test-app.js';
import { waitFor } from './support/wait.js';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe("a member's own billing in Settings, against the Stripe sandbox", () => {
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
  const billing = (session?: SessionBody) => call('GET', '/api/me/billing', session);
  const cancel = (session: SessionBody, payload: object) =>
    call('POST', '/api/me/subscription/cancel', session, payload);
  const resume = (session: SessionBody) => call('POST', '/api/me/subscription/resume', session);
  const emails = (to: string, template: string) =>
    env.t.dataSource.getRepository(EmailEntity).find({
      where: { to_email: to, template },
      order: { created_at: 'ASC' },
    });
  const audits = (userId: string, type: string) =>
    env.t.dataSource.getRepository(AdminActionEntity).find({
      where: { target_user_id: userId, action_type: type },
      order: { created_at: 'ASC' },
    });
  /** Every stored event has been processed (or there are none). */
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

  /** A confirmed member who subscribed to a monthly plan through Checkout and paid. */
  async function subscriber(plan = 'prospector', prefix = 'billing') {
    const session = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail(prefix));
    const checkout = await call('POST', '/api/billing/checkout', session, { plan });
    const paid = await fetch(`${checkout.json().url as string}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const user = await waitFor(async () => {
      const row = await users().findOneByOrFail({ email: session.user.email });
      return row.subscription_plan === plan && row.subscription_status === 'active'
        ? row
        : undefined;
    });
    await settled();
    return { session, user };
  }

  /** A confirmed member who bought the founding offer from their account, with its schedule. */
  async function foundingMember() {
    const bought = await buyFoundingAsMember(env, 'founding');
    await settled();
    return bought;
  }

  beforeAll(async () => {
    env = await startAppWithSandbox();
    await resetDatabase(env.t.dataSource);
    admin = await signUpAdmin(env.t.app, env.t.dataSource);
  }, 30_000);
  afterAll(() => env.close());

  it('answers a subscriber’s plan, next charge from Stripe’s preview and invoices with their receipts', async () => {
    const { session, user } = await subscriber('networker');
    const subscription = await env.stripe.subscriptions.retrieve(user.stripe_subscription_id!);
    const periodEnd = subscription.items.data[0].current_period_end;

    const answer = await billing(session);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const [invoice] = (await env.stripe.invoices.list({ customer: user.stripe_customer_id! })).data;
    expect(answer.json()).toEqual({
      plan: 'networker',
      status: 'active',
      current_period_end: iso(periodEnd),
      cancel_at_period_end: false,
      // Networker is $145 a month, charged again when this period ends.
      next_invoice: { amount_cents: 14_500, date: iso(periodEnd) },
      founding_transition: null,
      invoices: [
        {
          id: invoice.id,
          amount_cents: 14_500,
          status: 'paid',
          date: iso(invoice.effective_at!),
          receipt_url: invoice.hosted_invoice_url,
        },
      ],
    });
    expect(await (await fetch(answer.json().invoices[0].receipt_url as string)).text()).toContain(
      '$145.00',
    );
    expect((await billing()).statusCode).toBe(401);
  }, 30_000);

  it('opens a checkout again after the member renamed themselves, for the customer of their new name', async () => {
    const session = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('renamed'));
    const first = await call('POST', '/api/billing/checkout', session, { plan: 'prospector' });
    expect(first.statusCode).toBe(200);
    const again = await call('POST', '/api/billing/checkout', session, { plan: 'prospector' });
    expect(again.statusCode).toBe(200);
    const renamed = await env.t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(session),
      payload: { first_name: 'Renamed', last_name: 'Member' },
    });
    expect(renamed.statusCode).toBe(200);
    const afterRename = await call('POST', '/api/billing/checkout', session, {
      plan: 'prospector',
    });
    expect(afterRename.statusCode).toBe(200);
    const customerOf = async (url: string) => {
      const id = /\/(cs_[^/?#]+)/.exec(url)![1];
      const checkout = await env.stripe.checkout.sessions.retrieve(id, { expand: ['customer'] });
      return checkout.customer as { id: string; name: string | null };
    };
    const before = await customerOf(first.json().url as string);
    expect((await customerOf(again.json().url as string)).id).toBe(before.id);
    const after = await customerOf(afterRename.json().url as string);
    expect(after.name).toBe('Renamed Member');
    expect(after.id).not.toBe(before.id);
  });

  it('answers a member without a subscription as free, and refuses to cancel or resume', async () => {
    const session = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('free'));
    expect((await billing(session)).json()).toEqual({
      plan: 'free',
      status: 'none',
      current_period_end: null,
      cancel_at_period_end: false,
      next_invoice: null,
      founding_transition: null,
      invoices: [],
    });
    expect((await cancel(session, { reason: 'too_expensive' })).json()).toEqual({
      statusCode: 409,
      code: 'no_subscription',
      message: 'You have no subscription to cancel.',
    });
    expect((await resume(session)).json()).toEqual({
      statusCode: 409,
      code: 'no_subscription',
      message: 'You have no subscription to resume.',
    });
    const user = await users().findOneByOrFail({ email: session.user.email });
    expect(await audits(user.id, 'member_cancel_subscription')).toEqual([]);
  }, 30_000);

  it.each([
    ['too_expensive', 'too_expensive', 'Too expensive'],
    ['missing_features', 'missing_features', 'Missing features'],
    ['not_using', 'unused', 'Not using it'],
    ['other', 'other', 'Other'],
  ])(
    'cancels at period end for %s (Stripe feedback %s), audited as the member with one e-mail, then resumes',
    async (reason, feedback, label) => {
      const { session, user } = await subscriber('prospector', reason);
      const subscriptionId = user.stripe_subscription_id!;
      const periodEnd = (await env.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]
        .current_period_end;
      const comment = `Leaving because of ${label.toLowerCase()}`;

      const cancelled = await cancel(session, { reason, comment: `  ${comment} ` });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({
        plan: 'prospector',
        status: 'active',
        current_period_end: iso(periodEnd),
        cancel_at_period_end: true,
        next_invoice: null,
      });
      expect(cancelled.json().invoices).toHaveLength(1);
      const atStripe = await env.stripe.subscriptions.retrieve(subscriptionId);
      expect(atStripe).toMatchObject({
        status: 'active',
        cancel_at_period_end: true,
        cancel_at: periodEnd,
        cancellation_details: { feedback, comment, reason: 'cancellation_requested' },
      });
      // The local row is current in the answer's own request, before any webhook.
      expect(
        await env.t.dataSource
          .getRepository(SubscriptionEntity)
          .findOneByOrFail({ stripe_subscription_id: subscriptionId }),
      ).toMatchObject({ cancel_at_period_end: true, status: 'active' });

      const [audit] = await audits(user.id, 'member_cancel_subscription');
      expect(audit).toMatchObject({
        admin_id: user.id,
        outcome: 'success',
        details: {
          description: `Cancelled their subscription at period end: ${label} — ${comment}`,
          new_values: {
            cancel_at_period_end: true,
            cancellation_reason: reason,
            cancellation_comment: comment,
          },
        },
      });
      const activity = (await call('GET', `/api/admin/users/${user.id}/activity`, admin)).json();
      expect(activity[0]).toMatchObject({
        type: 'member_cancel_subscription',
        description: `Cancelled their subscription at period end: ${label} — ${comment}`,
        admin_name: 'Ada Lovelace',
      });
      const endDate = new Date(periodEnd * 1000).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
      const sent = await emails(session.user.email, 'subscription-cancelled');
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        user_id: user.id,
        subject: `Your LeadPulse subscription ends on ${endDate}`,
        data: { endDate, link: '/dashboard/settings?tab=subscription' },
      });

      expect((await cancel(session, { reason })).json()).toEqual({
        statusCode: 409,
        code: 'cancellation_pending',
        message: `Your subscription is already set to end on ${endDate}.`,
      });
      expect(await emails(session.user.email, 'subscription-cancelled')).toHaveLength(1);

      const resumed = await resume(session);
      expect(resumed.statusCode).toBe(200);
      expect(resumed.json()).toMatchObject({
        cancel_at_period_end: false,
        next_invoice: { amount_cents: 7_500, date: iso(periodEnd) },
      });
      expect(await env.stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({
        cancel_at_period_end: false,
        cancel_at: null,
        cancellation_details: { feedback: null, comment: null, reason: null },
      });
      expect(await audits(user.id, 'member_resume_subscription')).toEqual([
        expect.objectContaining({
          admin_id: user.id,
          details: expect.objectContaining({
            description: 'Resumed their subscription before it ended',
          }),
        }),
      ]);
      expect(await emails(session.user.email, 'subscription-resumed')).toHaveLength(1);
      expect((await resume(session)).json()).toEqual({
        statusCode: 409,
        code: 'not_cancelled',
        message: 'Your subscription is not set to end.',
      });
      expect(await emails(session.user.email, 'subscription-resumed')).toHaveLength(1);
    },
    45_000,
  );

  it('refuses a cancellation without a known reason or with too long a comment, changing nothing', async () => {
    const { session, user } = await subscriber('prospector', 'invalid');
    const refusals: [object, string][] = [
      [{}, 'Please tell us why you are cancelling.'],
      [{ reason: 'bored' }, 'Please tell us why you are cancelling.'],
      [
        { reason: 'other', comment: 'x'.repeat(501) },
        'Please keep your comment to 500 characters.',
      ],
      [{ reason: 'other', comment: 42 }, 'The comment must be text.'],
      [{ reason: 'other', at_period_end: false }, 'property at_period_end should not exist'],
    ];
    for (const [payload, message] of refusals) {
      const answer = await cancel(session, payload);
      expect([answer.statusCode, answer.json().code, answer.json().message]).toEqual([
        400,
        'validation_failed',
        message,
      ]);
    }
    expect(
      (await env.stripe.subscriptions.retrieve(user.stripe_subscription_id!)).cancel_at_period_end,
    ).toBe(false);
    expect(await audits(user.id, 'member_cancel_subscription')).toEqual([]);
    expect(await emails(session.user.email, 'subscription-cancelled')).toEqual([]);
    // 500 characters, and no comment at all, are both fine.
    expect((await cancel(session, { reason: 'other', comment: 'y'.repeat(500) })).statusCode).toBe(
      200,
    );
    expect((await resume(session)).statusCode).toBe(200);
    expect((await cancel(session, { reason: 'other' })).statusCode).toBe(200);
    expect((await audits(user.id, 'member_cancel_subscription'))[1].details.description).toBe(
      'Cancelled their subscription at period end: Other',
    );
  }, 45_000);

  it('acts only on the signed-in member’s own subscription', async () => {
    const first = await subscriber('prospector', 'mine');
    const second = await subscriber('rainmaker', 'theirs');
    expect((await cancel(second.session, { reason: 'not_using' })).statusCode).toBe(200);
    expect(
      (await env.stripe.subscriptions.retrieve(first.user.stripe_subscription_id!))
        .cancel_at_period_end,
    ).toBe(false);
    expect((await billing(first.session)).json()).toMatchObject({
      plan: 'prospector',
      cancel_at_period_end: false,
    });
    expect((await resume(first.session)).json()).toMatchObject({ code: 'not_cancelled' });
    expect(
      (await env.stripe.subscriptions.retrieve(second.user.stripe_subscription_id!))
        .cancel_at_period_end,
    ).toBe(true);
    expect(await audits(first.user.id, 'member_cancel_subscription')).toEqual([]);
  }, 45_000);

  it('shows a founding member’s move after the founding period, drops it while cancelling and schedules it again on resume, with the plan they chose', async () => {
    const { session, user } = await foundingMember();
    const subscriptionId = user.stripe_subscription_id!;
    const subscription = await env.stripe.subscriptions.retrieve(subscriptionId);
    const foundingEnd = subscription.items.data[0].current_period_end;
    const schedule = await env.stripe.subscriptionSchedules.retrieve(String(subscription.schedule));
    expect(schedule.phases[1].start_date).toBe(foundingEnd);

    const answer = (await billing(session)).json();
    expect(answer).toMatchObject({
      plan: 'founding_member',
      status: 'active',
      current_period_end: iso(foundingEnd),
      // After the founding period: Prospector at $75 a month, charged from that day.
      next_invoice: { amount_cents: 7_500, date: iso(foundingEnd) },
      founding_transition: { date: iso(foundingEnd), price_cents: 7_500 },
    });
    expect(answer.invoices).toEqual([
      expect.objectContaining({ amount_cents: 5_000, status: 'paid' }),
    ]);

    // The member chooses Networker for after the founding period.
    expect(
      (await call('POST', '/api/billing/plan', session, { plan: 'networker' })).statusCode,
    ).toBe(200);
    expect((await billing(session)).json().founding_transition).toEqual({
      date: iso(foundingEnd),
      price_cents: 14_500,
    });

    const cancelled = (await cancel(session, { reason: 'too_expensive' })).json();
    expect(cancelled).toMatchObject({
      plan: 'founding_member',
      cancel_at_period_end: true,
      current_period_end: iso(foundingEnd),
      next_invoice: null,
      founding_transition: null,
    });
    expect(await env.stripe.subscriptionSchedules.retrieve(schedule.id)).toMatchObject({
      status: 'released',
    });
    expect(await env.stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({
      schedule: null,
      cancel_at_period_end: true,
      cancellation_details: { feedback: 'too_expensive', comment: null },
    });

    const resumed = (await resume(session)).json();
    expect(resumed).toMatchObject({
      cancel_at_period_end: false,
      next_invoice: { amount_cents: 14_500, date: iso(foundingEnd) },
      founding_transition: { date: iso(foundingEnd), price_cents: 14_500 },
    });
    const again = await env.stripe.subscriptions.retrieve(subscriptionId);
    expect(again.schedule).not.toBeNull();
    expect(again.schedule).not.toBe(schedule.id);
    const rescheduled = await env.stripe.subscriptionSchedules.retrieve(String(again.schedule));
    expect(rescheduled.phases.map((phase) => [phase.items[0].price, phase.start_date])).toEqual([
      ['price_founding_member', schedule.phases[0].start_date],
      ['price_networker', foundingEnd],
    ]);
    await settled();
  }, 60_000);

  it('ends the subscription when the period is over: nothing left to resume, the invoices stay', async () => {
    const { session, user } = await subscriber('prospector', 'ending');
    await cancel(session, { reason: 'missing_features', comment: 'No CRM export' });
    const periodEnd = (await env.stripe.subscriptions.retrieve(user.stripe_subscription_id!)).items
      .data[0].current_period_end;
    await env.stripe.testHelpers.testClocks.advance('clock_sandbox', {
      frozen_time: periodEnd + 60,
    });
    await waitFor(async () =>
      (await users().findOneByOrFail({ id: user.id })).subscription_status === 'canceled'
        ? true
        : undefined,
    );
    expect((await billing(session)).json()).toMatchObject({
      plan: 'prospector',
      status: 'canceled',
      next_invoice: null,
      founding_transition: null,
      invoices: [expect.objectContaining({ amount_cents: 7_500, status: 'paid' })],
    });
    expect((await resume(session)).json()).toMatchObject({
      statusCode: 409,
      code: 'no_subscription',
    });
    expect((await cancel(session, { reason: 'other' })).json()).toMatchObject({
      statusCode: 409,
      code: 'no_subscription',
    });
    await settled();
  }, 60_000);
});
