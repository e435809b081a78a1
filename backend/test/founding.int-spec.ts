import Stripe from 'stripe';
import { FoundingReservationEntity } from '../src/founding/founding-reservation.entity.js';
import { EmailEntity } from '../src/mail/email.entity.js';
import { NewsletterSubscriptionEntity } from '../src/newsletter/newsletter-subscription.entity.js';
import { StripeSandbox } from '@leadpulse/stripe-sandbox';
import { SubscriptionEntity } from '../src/subscriptions/subscription.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import { post, tokenFromOutbox, uniqueEmail } from './support/accounts.js';
import {
  resetDatabase,
  startTestApp,
  TEST_WEBHOOK_SECRET,
  type TestApp,
} from './support/test-app.js';
import {
  foundingCheckout,
  foundingForm,
  startAppWithSandbox,
  type AppWithSandbox,
} from './support/sandbox.js';
import { jobsDrained, waitFor } from './support/wait.js';

const form = foundingForm;

describe('the founding-member purchase, against the Stripe sandbox', () => {
  let env: AppWithSandbox;
  let sandbox: StripeSandbox;
  let t: TestApp;
  let stripe: Stripe;
  const users = () => t.dataSource.getRepository(UserEntity);
  const reservations = () => t.dataSource.getRepository(FoundingReservationEntity);

  beforeAll(async () => {
    env = await startAppWithSandbox();
    ({ t, sandbox, stripe } = env);
    await resetDatabase(t.dataSource);
  });
  afterAll(() => env.close());

  it('takes a buyer from checkout to a paid founding member with a password-setup link, then active', async () => {
    const email = uniqueEmail('founder');
    const checkout = await foundingCheckout(t.app, form(email));
    expect(checkout.statusCode).toBe(201);
    const { url } = checkout.json();
    expect(url).toMatch(/\/checkout\/cs_test_\w+$/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/founding/availability' })).json(),
    ).toEqual({ total: 40, taken: 1, remaining: 39 });
    // Nobody is written before payment: the buyer's details wait on the reservation.
    expect(await users().findOneBy({ email })).toBeNull();
    expect(await reservations().findOneByOrFail({ email, status: 'pending' })).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '(555) 123-4567',
    });

    const sessionId = url.split('/').at(-1);
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({
      mode: 'subscription',
      allow_promotion_codes: true,
      amount_total: 5000,
    });
    expect(session.success_url).toBe(
      'http://localhost:3000/founding-member-success?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(session.cancel_url).toMatch(
      /^http:\/\/localhost:3000\/\?founding=cancelled&reservation=[0-9a-f-]{36}$/,
    );

    const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toBe(
      `http://localhost:3000/founding-member-success?session_id=${sessionId}`,
    );

    const user = await waitFor(async () => {
      const row = await users().findOneBy({ email });
      return row?.status === 'paid' ? row : undefined;
    });
    expect(user).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '(555) 123-4567',
      founding_member: true,
      subscription_plan: 'founding_member',
      password_set: false,
    });
    expect(user.stripe_customer_id).toMatch(/^cus_/);
    expect(user.stripe_subscription_id).toMatch(/^sub_/);
    expect(user.founding_member_purchased_at).toBeInstanceOf(Date);
    expect(
      (await reservations().findOneByOrFail({ stripe_checkout_session_id: sessionId })).status,
    ).toBe('paid');
    const subscription = await t.dataSource
      .getRepository(SubscriptionEntity)
      .findOneByOrFail({ stripe_subscription_id: user.stripe_subscription_id! });
    expect(subscription).toMatchObject({
      stripe_customer_id: user.stripe_customer_id,
      user_id: user.id,
      plan_name: 'founding_member',
      plan_type: 'every 3 months',
      status: 'active',
      amount_cents: 5000,
    });
    expect(subscription.current_period_end).toBeInstanceOf(Date);
    expect(await users().findOneByOrFail({ email })).toMatchObject({
      subscription_status: 'active',
    });

    // A stale event, out of order, claims the subscription was cancelled: Stripe's current state wins.
    const staleId = `evt_stale_${Date.now()}`;
    const stale = JSON.stringify({
      id: staleId,
      object: 'event',
      api_version: null,
      created: Math.floor(Date.now() / 1000) - 3600,
      data: {
        object: {
          id: subscription.stripe_subscription_id,
          object: 'subscription',
          status: 'canceled',
        },
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'customer.subscription.updated',
    });
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({
          payload: stale,
          secret: TEST_WEBHOOK_SECRET,
        }),
      },
      payload: stale,
    });
    expect(delivered.statusCode).toBe(200);
    await waitFor(async () => {
      const [row] = (await t.dataSource.query(
        `SELECT processed FROM stripe_events WHERE stripe_event_id = $1`,
        [staleId],
      )) as {
        processed: boolean;
      }[];
      return row?.processed ? true : undefined;
    });
    expect(
      (
        await t.dataSource
          .getRepository(SubscriptionEntity)
          .findOneByOrFail({ id: subscription.id })
      ).status,
    ).toBe('active');
    expect(
      await t.dataSource.getRepository(NewsletterSubscriptionEntity).findOneByOrFail({ email }),
    ).toMatchObject({ source: 'founding_member' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/founding/session/${sessionId}` })).json(),
    ).toEqual({ status: 'complete', payment_status: 'paid', email, password_set: false });

    const welcome = await waitFor(
      async () =>
        (await t.dataSource
          .getRepository(EmailEntity)
          .findOneBy({ to_email: email, template: 'founding-member-welcome' })) ?? undefined,
    );
    expect(String(welcome.data.setupLink)).toMatch(/^\/setup-password#token=/);
    // Paying confirms no address: the welcome does not greet with the name typed at checkout.
    expect(welcome.data).not.toHaveProperty('firstName');
    const reset = await post(t.app, '/api/auth/reset-password', {
      token: await tokenFromOutbox(t.dataSource, email, 'founding-member-welcome', 'setupLink'),
      password: 'founder passphrase',
    });
    expect(reset.statusCode).toBe(200);
    expect(await users().findOneByOrFail({ email })).toMatchObject({
      status: 'active',
      password_set: true,
    });
    expect(
      (await post(t.app, '/api/auth/login', { email, password: 'founder passphrase' })).statusCode,
    ).toBe(200);

    // Manage Billing opens the customer portal for the buyer's own customer.
    const session2 = (
      await post(t.app, '/api/auth/login', { email, password: 'founder passphrase' })
    ).json();
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/billing/portal',
      headers: { authorization: `Bearer ${session2.access_token}` },
    });
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(/\/billing\/bps_\w+$/);
    expect(await (await fetch(portal.json().url)).text()).toContain(email);

    // The same event again changes nothing and sends no second e-mail.
    const [event] = (await t.dataSource.query(
      `SELECT id FROM stripe_events WHERE event_type = 'checkout.session.completed'`,
    )) as { id: string }[];
    await t.app
      .get((await import('../src/webhooks/stripe-events.service.js')).StripeEventsService)
      .replay(event.id);
    await jobsDrained(t.dataSource);
    expect(
      await t.dataSource
        .getRepository(EmailEntity)
        .countBy({ to_email: email, template: 'founding-member-welcome' }),
    ).toBe(1);
    expect((await users().findOneByOrFail({ email })).status).toBe('active');
  }, 30_000);

  it('answers an e-mail with an account as it answers a new one, and tells the address by e-mail once', async () => {
    const email = uniqueEmail('active');
    await users().insert({ email, status: 'active', first_name: 'Act' });
    const existing = await foundingCheckout(t.app, form(email));
    const freshEmail = uniqueEmail('fresh');
    const fresh = await foundingCheckout(t.app, form(freshEmail));
    expect(existing.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    expect(Object.keys(existing.json())).toEqual(Object.keys(fresh.json()));
    expect(existing.json()).toEqual({ url: expect.stringMatching(/\/\?founding=check-email$/) });
    // No spot is held and nothing is bought for the existing account; the new buyer's is freed.
    expect(await reservations().countBy({ email })).toBe(0);
    const { id } = await reservations().findOneByOrFail({ email: freshEmail });
    await t.app.inject({ method: 'POST', url: `/api/founding/reservations/${id}/cancel` });
    const told = await waitFor(async () => {
      const [row] = await t.dataSource
        .getRepository(EmailEntity)
        .findBy({ to_email: email, template: 'founding-existing-account' });
      return row;
    });
    expect(told.subject).toBe('You already have a LeadPulse account');
    // Asked again at once, the answer is the same and the inbox gets no second e-mail.
    expect((await foundingCheckout(t.app, form(email))).statusCode).toBe(201);
    expect(
      await t.dataSource
        .getRepository(EmailEntity)
        .countBy({ to_email: email, template: 'founding-existing-account' }),
    ).toBe(1);
  });

  it('refuses incomplete forms', async () => {
    const blank = await foundingCheckout(t.app, {
      ...form(uniqueEmail('blank')),
      lastName: '  ',
    });
    expect(blank.json()).toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      message: 'Please fill in all fields.',
    });
    const missing = await foundingCheckout(t.app, {
      firstName: 'A',
      email: 'a@example.com',
    });
    expect(missing.json()).toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      message: 'Please fill in all fields.',
    });
    const shortPhone = await foundingCheckout(t.app, {
      ...form(uniqueEmail('phone')),
      phone: '555-123',
    });
    expect(shortPhone.json()).toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      errors: { phone: expect.any(String) },
    });
  });

  it('frees the spot when the buyer cancels on the checkout page, and nobody can pay that session any more', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/founding/availability' })).json()
      .remaining;
    const { url } = (await foundingCheckout(t.app, form(uniqueEmail('cancel')))).json();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/founding/availability' })).json().remaining,
    ).toBe(before - 1);

    const cancelled = await fetch(`${url}/cancel`, { method: 'POST', redirect: 'manual' });
    const landing = new URL(String(cancelled.headers.get('location')));
    expect(landing.searchParams.get('founding')).toBe('cancelled');
    const reservation = landing.searchParams.get('reservation')!;

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/founding/reservations/${reservation}/cancel`,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/founding/availability' })).json().remaining,
    ).toBe(before);
    expect((await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(410);
    // Again, or for an unknown reservation: nothing to do.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/founding/reservations/${reservation}/cancel`,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/founding/reservations/not-a-uuid/cancel' }))
        .statusCode,
    ).toBe(400);
  });

  it('tells a member without a billing account that billing comes later', async () => {
    const { signUpAndConfirm } = await import('./support/accounts.js');
    const member = await signUpAndConfirm(t.app, t.dataSource);
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/billing/portal',
      headers: { authorization: `Bearer ${member.access_token}` },
    });
    expect(portal.json()).toEqual({
      statusCode: 409,
      code: 'no_billing_account',
      message: 'Billing management will be available once payment processing is set up.',
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/portal' })).statusCode).toBe(
      401,
    );
  });

  it('lets a signed-in member without a last name buy, but asks an anonymous buyer for one', async () => {
    const { signUpAndConfirm } = await import('./support/accounts.js');
    const email = uniqueEmail('oneword');
    const member = await signUpAndConfirm(t.app, t.dataSource, email, undefined, 'Cher');
    const withoutLastName = { ...form(email), lastName: '' };
    const anonymous = await foundingCheckout(t.app, {
      ...withoutLastName,
      email: uniqueEmail('anon'),
    });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toMatchObject({ code: 'validation_failed' });

    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/founding/checkout',
      payload: withoutLastName,
      headers: { authorization: `Bearer ${member.access_token}` },
      remoteAddress: '10.99.0.1',
    });
    expect(signedIn.statusCode).toBe(201);
    const sessionId = (signedIn.json().url as string).split('/').at(-1);
    // The success page knows this buyer signs in with the password they have.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/founding/session/${sessionId}` })).json(),
    ).toEqual({ status: 'open', payment_status: 'unpaid', email, password_set: true });
  });

  it('reuses the live reservation when the same e-mail starts again', async () => {
    const email = uniqueEmail('again');
    const first = (await foundingCheckout(t.app, form(email))).json();
    const second = (await foundingCheckout(t.app, form(email))).json();
    expect(second.url).toBe(first.url);
    expect(await reservations().countBy({ email, status: 'pending' })).toBe(1);
  });

  it('sells exactly the spots left to concurrent buyers, and frees a spot when a session expires', async () => {
    const { remaining } = (
      await t.app.inject({ method: 'GET', url: '/api/founding/availability' })
    ).json();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => foundingCheckout(t.app, form(uniqueEmail(`rush${i}`)))),
    );
    const sold = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(sold).toHaveLength(remaining);
    expect(refused).toHaveLength(100 - remaining);
    expect(refused[0].json()).toMatchObject({ code: 'sold_out' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/founding/availability' })).json(),
    ).toMatchObject({ remaining: 0, taken: 40 });

    const sessionId = String(sold[0].json().url).split('/').at(-1)!;
    await stripe.checkout.sessions.expire(sessionId);
    await waitFor(async () =>
      (await reservations().findOneByOrFail({ stripe_checkout_session_id: sessionId })).status ===
      'expired'
        ? true
        : undefined,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/founding/availability' })).json(),
    ).toMatchObject({ remaining: 1 });
  }, 60_000);

  it('frees the spot and shows the spec message when Stripe answers 500', async () => {
    const email = uniqueEmail('stripe-500');
    const before = (await t.app.inject({ method: 'GET', url: '/api/founding/availability' })).json()
      .remaining;
    sandbox.failNextRequests(3); // the first call and both of the SDK's retries
    const answer = await foundingCheckout(t.app, form(email));
    expect(answer.json()).toEqual({
      statusCode: 502,
      code: 'checkout_failed',
      message: 'There was an error creating your checkout session. Please try again.',
    });
    expect(await reservations().findOneByOrFail({ email })).toMatchObject({ status: 'released' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/founding/availability' })).json().remaining,
    ).toBe(before);
    // Stripe is back: the same buyer tries again and gets a checkout.
    expect((await foundingCheckout(t.app, form(email))).statusCode).toBe(201);
  });

  it('frees the spot and shows the spec message when Stripe cannot be reached', async () => {
    await t.dataSource.query(
      `UPDATE founding_reservations SET status = 'released' WHERE status = 'pending'`,
    );
    const broken = await startTestApp({
      env: { STRIPE_API_URL: 'http://127.0.0.1:9', RATE_LIMIT_CHECKOUT: '1000' },
    });
    try {
      const email = uniqueEmail('stripe-down');
      const answer = await post(broken.app, '/api/founding/checkout', form(email));
      expect(answer.json()).toEqual({
        statusCode: 502,
        code: 'checkout_failed',
        message: 'There was an error creating your checkout session. Please try again.',
      });
      expect(await reservations().findOneByOrFail({ email })).toMatchObject({ status: 'released' });
    } finally {
      await broken.close();
    }
  }, 60_000);

  it('counts founding members who paid by any path, with live holds, on the landing page and at the lock', async () => {
    await t.dataSource.query(
      `UPDATE founding_reservations SET status = 'released' WHERE status = 'pending'`,
    );
    const availability = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/founding/availability' })).json() as {
        taken: number;
        remaining: number;
      };
    const before = await availability();
    // Founding members who never went through a founding checkout here: an administrator's, a
    // recovered buyer's, the seed's. Each paid, so each uses a spot; an unpaid label does not.
    const stamp = Date.now();
    const others = Array.from({ length: 3 }, (_, i) =>
      users().create({
        email: uniqueEmail(`other-founder${i}`),
        status: 'paid',
        founding_member: true,
        stripe_customer_id: `cus_other_${stamp}_${i}`,
        stripe_subscription_id: i < 2 ? `sub_other_${stamp}_${i}` : null,
      }),
    );
    await users().save(others);
    expect(await availability()).toMatchObject({
      taken: before.taken + 2,
      remaining: before.remaining - 2,
    });

    // The checkout's lock counts them too: with them, the spots left are all that sell.
    const fill = 40 - (before.taken + 2);
    await users().update({ id: others[2].id }, { stripe_subscription_id: `sub_other_${stamp}_2` });
    const answers = await Promise.all(
      Array.from({ length: fill + 2 }, (_, i) =>
        foundingCheckout(t.app, form(uniqueEmail(`last-spots${i}`))),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(fill - 1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(3);
    expect(await availability()).toMatchObject({ taken: 40, remaining: 0 });
    await t.dataSource.query(
      `UPDATE founding_reservations SET status = 'released' WHERE status = 'pending'`,
    );
    await users().delete(others.map((other) => other.id));
  }, 60_000);
});
