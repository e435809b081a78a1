import fc from 'fast-check';
import type Stripe from 'stripe';
import { EmailEntity } from '../src/mail/email.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import { StripeEventEntity } from '../src/webhooks/stripe-event.entity.js';
import {
  bearer,
  signUpAdmin,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import { startAppWithSandbox, type AppWithSandbox } from './support/sandbox.js';
import { settleStripeEvents } from './support/settle.js';
import { resetDatabase, TEST_WEBHOOK_SECRET } from './support/test-app.js';
import { waitFor } from './support/wait.js';

const DAY = 24 * 60 * 60;
const HOUR = 60 * 60;
/** The sandbox retries 3, 5 and 9 days after the first failure; members keep their plan 7 days. */
const RETRY_DAYS = [3, 5, 9];
const GRACE_DAYS = 7;

interface Member {
  session: SessionBody;
  email: string;
  user: UserEntity;
  /** When the subscription renews first (Unix seconds). */
  renewal: number;
}

interface PaymentIssue {
  since: string;
  grace_ends_at: string;
  blocked: boolean;
  amount_cents: number;
  next_attempt_at: string | null;
}

/**
 * Dunning on the sandbox's test clock: members whose renewal fails, the sandbox's retries, the
 * grace period, recovery with a new card (on a retry, or paid at once from Settings), and a
 * subscription the last failed retry cancels. Each dunning e-mail goes out once per invoice, also
 * when the recorded events arrive again shuffled and duplicated, after a restart.
 */
describe('dunning: a failed renewal, its retries and its recovery, on the test clock', () => {
  let env: AppWithSandbox;
  const settled = () => settleStripeEvents(env);
  const advanceTo = async (frozenTime: number) => {
    await env.stripe.testHelpers.testClocks.advance('clock_sandbox', { frozen_time: frozenTime });
    await settled();
  };
  const users = () => env.t.dataSource.getRepository(UserEntity);
  const sent = (
    member: Member,
    template: 'payment-failed' | 'payment-received' | 'payment-ended',
  ) => env.t.dataSource.getRepository(EmailEntity).findBy({ to_email: member.email, template });
  const counts = async (member: Member) => [
    (await sent(member, 'payment-failed')).length,
    (await sent(member, 'payment-received')).length,
  ];
  const me = async (member: Member) => {
    const answer = await env.t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(member.session),
    });
    expect(answer.statusCode).toBe(200);
    return answer.json() as { subscription_status: string; payment_issue: PaymentIssue | null };
  };
  const failCard = (member: Member) =>
    env.stripe.customers.update(member.user.stripe_customer_id!, {
      invoice_settings: { default_payment_method: 'pm_card_chargeCustomerFail' },
    });
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

  /** A confirmed member paying for Prospector through Checkout, their card about to decline. */
  async function payingMember(prefix: string): Promise<Member> {
    const email = uniqueEmail(prefix);
    const session = await signUpAndConfirm(env.t.app, env.t.dataSource, email);
    const checkout = await env.t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: bearer(session),
      payload: { plan: 'prospector' },
    });
    expect(checkout.statusCode).toBe(200);
    const paid = await fetch(`${checkout.json().url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const user = await waitFor(async () => {
      const row = await users().findOneByOrFail({ email });
      return row.subscription_status === 'active' ? row : undefined;
    });
    const subscription = await env.stripe.subscriptions.retrieve(user.stripe_subscription_id!);
    const member = { session, email, user, renewal: subscription.items.data[0].current_period_end };
    await failCard(member);
    return member;
  }

  /** The member's renewal invoice that failed. */
  const failedInvoice = async (member: Member) => {
    const invoices = await env.stripe.invoices.list({
      subscription: member.user.stripe_subscription_id!,
    });
    return invoices.data.find((invoice) => invoice.billing_reason === 'subscription_cycle')!;
  };

  let recovers: Member;
  let lapses: Member;
  let paysNow: Member;
  let renewal: number;

  beforeAll(async () => {
    env = await startAppWithSandbox(
      { BILLING_GRACE_DAYS: String(GRACE_DAYS) },
      { retryDays: RETRY_DAYS, afterFailedRetries: 'canceled' },
    );
    await resetDatabase(env.t.dataSource);
  }, 60_000);
  afterAll(() => env.close(), 60_000);

  it('tells the member once, keeps the plan through the grace period, then reads as blocked; a new card and a later retry restore it', async () => {
    recovers = await payingMember('recovers');
    lapses = await payingMember('lapses');
    paysNow = await payingMember('pays-now');
    await settled();
    // They subscribed within seconds: the clock moves by the last one's renewal.
    renewal = paysNow.renewal;

    // The renewal fails: one e-mail each, and the member area knows until when the plan lasts.
    await advanceTo(renewal + HOUR);
    const invoice = await failedInvoice(recovers);
    expect(invoice).toMatchObject({
      status: 'open',
      attempt_count: 1,
      next_payment_attempt: recovers.renewal + RETRY_DAYS[0] * DAY,
    });
    for (const member of [recovers, lapses, paysNow]) {
      await waitFor(async () => ((await counts(member))[0] === 1 ? true : undefined));
      expect(await counts(member)).toEqual([1, 0]);
      expect(await me(member)).toMatchObject({
        subscription_status: 'past_due',
        payment_issue: {
          since: iso(member.renewal),
          grace_ends_at: iso(member.renewal + GRACE_DAYS * DAY),
          blocked: false,
          amount_cents: 7_500,
          next_attempt_at: iso(member.renewal + RETRY_DAYS[0] * DAY),
        },
      });
    }
    // The back office sees what the member sees, on the user's profile.
    const admin = await signUpAdmin(env.t.app, env.t.dataSource);
    const profile = async (member: Member) =>
      (
        await env.t.app.inject({
          method: 'GET',
          url: `/api/admin/users/${member.user.id}`,
          headers: bearer(admin),
        })
      ).json() as { payment_issue: PaymentIssue | null };
    expect((await profile(recovers)).payment_issue).toEqual((await me(recovers)).payment_issue);
    const [failed] = await sent(recovers, 'payment-failed');
    expect(failed.subject).toBe('Your payment failed');
    expect(failed.data).toMatchObject({
      amount: '$75',
      planName: 'Prospector',
      nextAttemptDate: new Date((recovers.renewal + RETRY_DAYS[0] * DAY) * 1000).toLocaleDateString(
        'en-US',
        { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' },
      ),
      graceEndDate: new Date((recovers.renewal + GRACE_DAYS * DAY) * 1000).toLocaleDateString(
        'en-US',
        {
          year: 'numeric',
          month: 'long',
          day: 'numeric',
          timeZone: 'UTC',
        },
      ),
      suspended: false,
      link: '/dashboard/settings?tab=subscription&action=update-payment-method',
    });

    // Paying at once from Settings with the declining card is refused, and tells nothing new.
    const declined = await env.t.app.inject({
      method: 'POST',
      url: '/api/me/subscription/pay',
      headers: bearer(paysNow.session),
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'payment_declined' });
    // With a new card, it pays: the issue is gone at once, and the member hears it once.
    await env.stripe.customers.update(paysNow.user.stripe_customer_id!, {
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    const paid = await env.t.app.inject({
      method: 'POST',
      url: '/api/me/subscription/pay',
      headers: bearer(paysNow.session),
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ subscription_status: 'active', payment_issue: null });
    expect((await profile(paysNow)).payment_issue).toBeNull();
    await settled();
    expect(await counts(paysNow)).toEqual([1, 1]);
    const [received] = await sent(paysNow, 'payment-received');
    expect(received.subject).toBe('Payment received');
    expect(received.data).toMatchObject({ amount: '$75', planName: 'Prospector' });
    const nothingDue = await env.t.app.inject({
      method: 'POST',
      url: '/api/me/subscription/pay',
      headers: bearer(paysNow.session),
    });
    expect(nothingDue.json()).toMatchObject({ statusCode: 409, code: 'no_payment_due' });

    // The retries fail too: still one e-mail, the next attempt moves on.
    await env.restart();
    await advanceTo(renewal + RETRY_DAYS[0] * DAY + HOUR);
    await advanceTo(renewal + RETRY_DAYS[1] * DAY + HOUR);
    expect(await failedInvoice(recovers)).toMatchObject({
      status: 'open',
      attempt_count: 3,
      next_payment_attempt: recovers.renewal + RETRY_DAYS[2] * DAY,
    });
    expect((await me(recovers)).payment_issue).toMatchObject({
      blocked: false,
      next_attempt_at: iso(recovers.renewal + RETRY_DAYS[2] * DAY),
    });
    for (const member of [recovers, lapses]) expect(await counts(member)).toEqual([1, 0]);

    // Past the grace period (on the test clock, not ours): the plan reads as blocked.
    await advanceTo(renewal + GRACE_DAYS * DAY + HOUR);
    for (const member of [recovers, lapses])
      await waitFor(async () => ((await me(member)).payment_issue?.blocked ? true : undefined));

    // The member updates the card through the portal's payment method flow.
    const portal = await env.t.app.inject({
      method: 'POST',
      url: '/api/billing/portal/payment-method',
      headers: bearer(recovers.session),
    });
    expect(portal.statusCode).toBe(200);
    const { url } = portal.json() as { url: string };
    const [portalSession] = env.sandbox.objects('billing_portal.session');
    expect(portalSession.flow).toMatchObject({
      type: 'payment_method_update',
      after_completion: {
        type: 'redirect',
        redirect: {
          return_url:
            'http://localhost:3000/dashboard/settings?tab=subscription&payment_method=updated',
        },
      },
    });
    const page = await fetch(url);
    expect(await page.text()).toContain('Update payment method');
    const saved = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'payment_method=pm_card_visa',
      redirect: 'manual',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(
      'http://localhost:3000/dashboard/settings?tab=subscription&payment_method=updated',
    );
    await settled();
    expect((await me(recovers)).payment_issue?.blocked).toBe(true);

    // The last retry: it pays for the member with the new card, and cancels the other.
    await advanceTo(renewal + RETRY_DAYS[2] * DAY + HOUR);
    expect(await failedInvoice(recovers)).toMatchObject({ status: 'paid', attempt_count: 4 });
    expect(await me(recovers)).toMatchObject({
      subscription_status: 'active',
      payment_issue: null,
    });
    expect(await counts(recovers)).toEqual([1, 1]);

    const ended = await env.stripe.subscriptions.retrieve(lapses.user.stripe_subscription_id!);
    expect(ended).toMatchObject({
      status: 'canceled',
      cancellation_details: { reason: 'payment_failed' },
    });
    expect(await failedInvoice(lapses)).toMatchObject({
      status: 'open',
      attempt_count: 4,
      next_payment_attempt: null,
    });
    expect(await me(lapses)).toMatchObject({
      subscription_status: 'canceled',
      payment_issue: null,
    });
    expect(await counts(lapses)).toEqual([1, 0]);
    // Told once that the subscription has ended, with what it could not collect.
    await waitFor(async () => ((await sent(lapses, 'payment-ended')).length ? true : undefined));
    const [endedEmail] = await sent(lapses, 'payment-ended');
    expect(endedEmail.subject).toBe('Your LeadPulse subscription has ended');
    expect(endedEmail.data).toMatchObject({ amount: '$75', planName: 'Prospector' });
    for (const member of [recovers, paysNow])
      expect(await sent(member, 'payment-ended')).toHaveLength(0);
  }, 240_000);

  it('sends each dunning e-mail once per invoice whatever the order and repetition of the events, across a restart', async () => {
    expect(recovers).toBeDefined();
    // One more member whose renewal has just failed: its invoice is still open when replayed.
    const owes = await payingMember('owes');
    await settled();
    const owesRenewal = owes.renewal;
    await advanceTo(owesRenewal + HOUR);
    await waitFor(async () => ((await counts(owes))[0] === 1 ? true : undefined));
    const members = [recovers, lapses, paysNow, owes];
    const before = await Promise.all(members.map(counts));
    expect(before).toEqual([
      [1, 1],
      [1, 0],
      [1, 1],
      [1, 0],
    ]);
    await env.restart();

    // Every event of these lives, oldest first, as the sandbox recorded and sent them.
    const recorded = env.sandbox.objects('event').reverse() as unknown as Stripe.Event[];
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
    const shuffled = (keys: number[], duplicates: number[]) =>
      [...recorded, ...duplicates.map((index) => recorded[index])]
        .map((event, index) => ({ event, key: (keys[index % keys.length] ?? 0) * 1_000 + index }))
        .sort((a, b) => a.key - b.key)
        .map(({ event }) => event);

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(), { minLength: recorded.length, maxLength: recorded.length }),
        fc.array(fc.nat({ max: recorded.length - 1 }), { minLength: 1, maxLength: 25 }),
        fc.boolean(),
        async (keys, duplicates, forget) => {
          // Delivered again as new events (stored once each, whatever the duplicates), either on
          // what was recorded of the invoices or on nothing at all.
          await env.t.dataSource.query(`TRUNCATE stripe_events`);
          await env.t.dataSource.query(`DELETE FROM pgboss.job WHERE name = 'stripe-events'`);
          if (forget) {
            await env.t.dataSource.query(`TRUNCATE dunning_invoices`);
            await env.t.dataSource.query(
              `DELETE FROM emails WHERE template IN ('payment-failed', 'payment-received', 'payment-ended')`,
            );
          }
          const told = await Promise.all(members.map(counts));
          for (const event of shuffled(keys, duplicates)) await deliver(event);
          expect(await env.t.dataSource.getRepository(StripeEventEntity).count()).toBe(
            recorded.length,
          );
          await settled();
          // Nothing told twice. Told afresh, decided on Stripe's invoices as they are now: the
          // paid ones tell nothing, the one whose subscription ended only that it has; the open
          // one once.
          expect(await Promise.all(members.map(counts))).toEqual(
            forget
              ? [
                  [0, 0],
                  [0, 0],
                  [0, 0],
                  [1, 0],
                ]
              : told,
          );
          // The subscription Stripe cancelled for non-payment is told once, afresh or not.
          expect(
            await Promise.all(
              members.map(async (member) => (await sent(member, 'payment-ended')).length),
            ),
          ).toEqual([0, 1, 0, 0]);
          expect((await me(owes)).payment_issue).toMatchObject({
            since: iso(owesRenewal),
            amount_cents: 7_500,
          });
          expect((await me(recovers)).payment_issue).toBeNull();
        },
      ),
      // A failure is reported as found: shrinking would replay whole lives, each waiting.
      { numRuns: 6, endOnFailure: true },
    );
  }, 300_000);
});
