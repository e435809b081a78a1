import type Stripe from 'stripe';
import { FoundingReservationEntity } from '../src/founding/founding-reservation.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import { bearer, PASSWORD, post, uniqueEmail } from './support/accounts.js';
import {
  buyFoundingAsMember,
  clientAddress,
  foundingCheckout,
  foundingForm,
  startAppWithSandbox,
  type AppWithSandbox,
} from './support/sandbox.js';
import { resetDatabase, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';

describe('founding checkouts and the people they name', () => {
  let env: AppWithSandbox;
  let t: TestApp;
  let stripe: Stripe;
  const users = () => t.dataSource.getRepository(UserEntity);
  const reservations = () => t.dataSource.getRepository(FoundingReservationEntity);
  const sessionOf = (url: string) => url.split('/').at(-1)!;

  beforeAll(async () => {
    env = await startAppWithSandbox();
    ({ t, stripe } = env);
    await resetDatabase(t.dataSource);
  }, 30_000);
  afterAll(() => env.close());

  /** An unconfirmed member who gave a first name but no last name or phone. */
  const unconfirmedMember = async () => {
    const email = uniqueEmail('member');
    await users().insert({ email, status: 'pending', first_name: 'Grace', last_name: '' });
    return { email, before: await users().findOneByOrFail({ email }) };
  };

  it('keeps an anonymous buyer’s details on the reservation and leaves the member’s row untouched until paid', async () => {
    const { email, before } = await unconfirmedMember();
    const checkout = await foundingCheckout(t.app, foundingForm(email));
    expect(checkout.statusCode).toBe(201);

    expect(await users().findOneByOrFail({ email })).toEqual(before);
    expect(await reservations().findOneByOrFail({ email, status: 'pending' })).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '(555) 123-4567',
      user_id: null,
    });
  });

  it('leaves the member untouched and not a founding member when the checkout expires or is cancelled', async () => {
    const expiring = await unconfirmedMember();
    const { url } = (await foundingCheckout(t.app, foundingForm(expiring.email))).json();
    await stripe.checkout.sessions.expire(sessionOf(url));
    await waitFor(async () =>
      (await reservations().findOneByOrFail({ stripe_checkout_session_id: sessionOf(url) }))
        .status === 'expired'
        ? true
        : undefined,
    );
    expect(await users().findOneByOrFail({ email: expiring.email })).toEqual(expiring.before);

    const cancelling = await unconfirmedMember();
    const second = (await foundingCheckout(t.app, foundingForm(cancelling.email))).json();
    const reservation = await reservations().findOneByOrFail({
      stripe_checkout_session_id: sessionOf(second.url),
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/founding/reservations/${reservation.id}/cancel`,
        })
      ).statusCode,
    ).toBe(204);
    expect(await users().findOneByOrFail({ email: cancelling.email })).toEqual(cancelling.before);
    expect((await users().findOneByOrFail({ email: cancelling.email })).founding_member).toBe(
      false,
    );
  });

  it('applies only the unset fields and makes the member a founding member once paid', async () => {
    const { email } = await unconfirmedMember();
    const { url } = (await foundingCheckout(t.app, foundingForm(email))).json();
    await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });

    const paid = await waitFor(async () => {
      const row = await users().findOneByOrFail({ email });
      return row.status === 'paid' ? row : undefined;
    });
    expect(paid).toMatchObject({
      first_name: 'Grace',
      last_name: 'Lovelace',
      phone: '(555) 123-4567',
      founding_member: true,
      subscription_plan: 'founding_member',
    });
    expect(
      await reservations().findOneByOrFail({ stripe_checkout_session_id: sessionOf(url) }),
    ).toMatchObject({ status: 'paid', user_id: paid.id });
  });

  it('gives someone who signs up after an unpaid checkout for their e-mail their own details', async () => {
    const email = uniqueEmail('later');
    expect((await foundingCheckout(t.app, foundingForm(email))).statusCode).toBe(201);
    expect(await users().findOneBy({ email })).toBeNull();

    const signup = await post(t.app, '/api/auth/signup', {
      email,
      password: PASSWORD,
      name: 'Grace Hopper',
    });
    expect(signup.statusCode).toBe(201);
    expect(await users().findOneByOrFail({ email })).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: null,
      founding_member: false,
    });
  });

  it('still answers a signed-in member who already bought 409 already_active: their own account is no secret to them', async () => {
    const { session } = await buyFoundingAsMember(env, 'bought');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/founding/checkout',
      payload: foundingForm(session.user.email),
      headers: bearer(session),
    });
    expect(again.json()).toEqual({
      statusCode: 409,
      code: 'already_active',
      message: 'User already has an active account. Please sign in instead.',
    });
  });

  it('lets one client address hold at most two spots at once, even concurrently, while others still get spots', async () => {
    const hoarder = clientAddress();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        foundingCheckout(t.app, foundingForm(uniqueEmail(`hoard${i}`)), hoarder),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused).toHaveLength(4);
    for (const answer of refused)
      expect(answer.json()).toEqual({
        statusCode: 429,
        code: 'too_many_holds',
        message:
          'You already have checkouts in progress. Finish or cancel one before starting another.',
      });
    expect(await reservations().countBy({ client_ip: hoarder, status: 'pending' })).toBe(2);

    expect((await foundingCheckout(t.app, foundingForm(uniqueEmail('other')))).statusCode).toBe(
      201,
    );
  });

  it('holds a spot exactly as long as its Checkout Session, Stripe’s 30-minute minimum', async () => {
    const email = uniqueEmail('short');
    const { url } = (await foundingCheckout(t.app, foundingForm(email))).json();
    const session = await stripe.checkout.sessions.retrieve(sessionOf(url));
    const reservation = await reservations().findOneByOrFail({ email, status: 'pending' });

    expect(reservation.expires_at.getTime()).toBe(session.expires_at * 1000);
    expect(session.expires_at - session.created).toBeLessThanOrEqual(30 * 60 + 2);
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60);
  });
});
