import { ReconciliationService } from '../src/reconciliation/reconciliation.service.js';
import { UserEntity } from '../src/users/user.entity.js';
import {
  bearer,
  post,
  signUpAdmin,
  signUpAndConfirm,
  tokenFromOutbox,
  uniqueEmail,
  PASSWORD,
  type SessionBody,
} from './support/accounts.js';
import {
  clientAddress,
  foundingCheckout,
  foundingForm,
  startAppWithSandbox,
  type AppWithSandbox,
} from './support/sandbox.js';
import { resetDatabase } from './support/test-app.js';
import { jobsDrained, waitFor } from './support/wait.js';

/** A deleted account against every way back in: none gives a session, a link or its row back. */
describe('A deleted account stays deleted', () => {
  let env: AppWithSandbox;
  let admin: SessionBody;
  const db = () => env.t.dataSource;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
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
  /** Sign-in accounts, live links and e-mails with a link for either address, or linked to the row. */
  const traces = async (id: string, emails: string[]) => {
    const [row] = await db().query(
      `SELECT (SELECT count(*)::int FROM auth_accounts WHERE email = ANY($2::citext[])) AS accounts,
              (SELECT count(*)::int FROM auth_tokens t JOIN auth_accounts a ON a.id = t.auth_account_id
                WHERE a.email = ANY($2::citext[])) AS tokens,
              (SELECT count(*)::int FROM emails WHERE (user_id = $1 OR to_email = ANY($2::citext[]))
                 AND template <> 'account-deleted') AS emails_after
         FROM users WHERE id = $1`,
      [id, emails],
    );
    return row;
  };

  beforeAll(async () => {
    env = await startAppWithSandbox();
    await resetDatabase(env.t.dataSource);
    admin = await signUpAdmin(env.t.app, env.t.dataSource);
  }, 30_000);
  afterAll(() => env.close());

  it('refuses links, resets, recovery, reconciliation, confirmation, checkout and sign-in', async () => {
    const email = uniqueEmail('gone');
    const session = await signUpAndConfirm(env.t.app, env.t.dataSource, email);
    const other = (await post(env.t.app, '/api/auth/login', { email, password: PASSWORD })).json();
    // A paying member, with a card on file at Stripe.
    const checkout = await call('POST', '/api/billing/checkout', session, { plan: 'prospector' });
    expect(checkout.statusCode).toBe(200);
    const paid = await fetch(`${checkout.json().url as string}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const before = await waitFor(async () => {
      const row = await db().getRepository(UserEntity).findOneByOrFail({ email });
      return row.subscription_status === 'active' ? row : undefined;
    }, 20_000);
    // A reset link asked for before the deletion, still unused.
    expect((await post(env.t.app, '/api/auth/recover', { email })).statusCode).toBe(200);
    const resetToken = await tokenFromOutbox(db(), email, 'password-reset');

    expect((await call('DELETE', '/api/me', session, { password: PASSWORD })).statusCode).toBe(204);
    const anonymous = `deleted-${before.id}@deleted.invalid`;
    const addresses = [email, anonymous];
    const baseline = await traces(before.id, addresses);
    expect(baseline).toMatchObject({ accounts: 0, tokens: 0 });

    // The probe's route: a setup link for the anonymised address, then a reset.
    for (const address of addresses) {
      const link = await call('POST', '/api/admin/recovery/password-link', admin, {
        email: address,
      });
      expect(link.statusCode).toBeGreaterThanOrEqual(400);
      expect(link.statusCode).toBeLessThan(500);
      expect(link.json()).not.toHaveProperty('passwordSetupUrl');
      const recover = await call('POST', '/api/admin/recovery/recover', admin, { email: address });
      expect(recover.statusCode).toBeGreaterThanOrEqual(400);
      expect(recover.statusCode).toBeLessThan(500);
    }
    expect(
      (await call('POST', '/api/admin/recovery/password-link', admin, { email: anonymous })).json(),
    ).toMatchObject({ code: 'user_deleted' });
    expect(
      (await call('POST', '/api/admin/recovery/recover', admin, { email: anonymous })).json(),
    ).toMatchObject({ code: 'user_deleted' });
    // The back office's e-mails with links, and its other writes on the account.
    for (const route of ['welcome-email', 'password-reset']) {
      const sent = await call('POST', `/api/admin/users/${before.id}/${route}`, admin);
      expect(sent.statusCode).toBe(409);
      expect(sent.json()).toMatchObject({ code: 'user_deleted' });
    }
    expect((await call('DELETE', `/api/admin/users/${before.id}/mfa`, admin)).statusCode).toBe(409);
    // Resending an e-mail that carried a link mints no new one.
    const [withLink] = await db().query(
      `SELECT id FROM emails WHERE user_id = $1 AND template = 'password-reset'`,
      [before.id],
    );
    const resent = await call('POST', `/api/admin/emails/${withLink.id as string}/resend`, admin);
    expect(resent.statusCode).toBeGreaterThanOrEqual(400);
    expect(resent.statusCode).toBeLessThan(500);

    // The link sent before, resets and confirmations asked for by address.
    const reset = await post(env.t.app, '/api/auth/reset-password', {
      token: resetToken,
      password: 'a brand new passphrase',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).not.toHaveProperty('access_token');
    for (const address of addresses) {
      expect((await post(env.t.app, '/api/auth/recover', { email: address })).statusCode).toBe(200);
      expect(
        (await post(env.t.app, '/api/auth/resend-confirmation', { email: address })).statusCode,
      ).toBe(200);
    }

    // Sign-in, the old sign-ins' refresh and access tokens.
    for (const address of addresses) {
      const login = await post(env.t.app, '/api/auth/login', {
        email: address,
        password: PASSWORD,
      });
      expect(login.statusCode).toBe(400);
      expect(login.json()).toMatchObject({ code: 'invalid_credentials' });
    }
    for (const signIn of [session, other as SessionBody]) {
      const refreshed = await post(env.t.app, '/api/auth/refresh', {
        refresh_token: signIn.refresh_token,
      });
      expect(refreshed.statusCode).toBe(401);
      for (const [method, url, payload] of [
        ['GET', '/api/me'],
        ['PATCH', '/api/me', { first_name: 'Back' }],
        ['GET', '/api/me/export'],
        ['POST', '/api/billing/portal'],
        ['POST', '/api/billing/checkout', { plan: 'prospector' }],
      ] as const)
        expect((await call(method, url, signIn, payload)).statusCode).toBe(401);
    }

    // Sign-up and founding checkout with the anonymised address; sign-up with the old one is a
    // new account, not this one.
    const signup = await post(env.t.app, '/api/auth/signup', {
      email: anonymous,
      password: PASSWORD,
      name: 'Back Again',
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json()).toMatchObject({ code: 'invalid_email' });
    const founding = await foundingCheckout(env.t.app, foundingForm(anonymous));
    expect(founding.statusCode).toBe(400);
    expect(founding.json()).toMatchObject({ code: 'invalid_email' });

    // Reconciliation, hourly and on demand, even with a live subscription on the old customer,
    // and one on a customer it has never seen with the anonymised address.
    await env.stripe.subscriptions.create({
      customer: before.stripe_customer_id!,
      items: [{ price: 'price_prospector' }],
    });
    const stray = await env.stripe.customers.create({
      email: anonymous,
      invoice_settings: { default_payment_method: 'pm_card_visa' },
    });
    await env.stripe.subscriptions.create({
      customer: stray.id,
      items: [{ price: 'price_prospector' }],
    });
    await env.t.app.get(ReconciliationService).run();
    expect((await call('POST', '/api/admin/recovery/reconcile', admin)).statusCode).toBe(200);

    // Nothing came back: no account, link or e-mail, and the row is as deletion left it.
    await jobsDrained(env.t.dataSource); // the queued requests' jobs
    expect(await traces(before.id, addresses)).toEqual(baseline);
    expect(await db().getRepository(UserEntity).findOneByOrFail({ id: before.id })).toMatchObject({
      email: anonymous,
      status: 'deleted',
      auth_user_id: null,
      first_name: '',
      stripe_customer_id: before.stripe_customer_id,
    });
  }, 120_000);

  it('expires a founding checkout left open, so paying it later brings nothing back', async () => {
    const email = uniqueEmail('open-checkout');
    const session = await signUpAndConfirm(env.t.app, env.t.dataSource, email);
    const checkout = await env.t.app.inject({
      method: 'POST',
      url: '/api/founding/checkout',
      payload: foundingForm(email),
      headers: bearer(session),
      remoteAddress: clientAddress(),
    });
    expect(checkout.statusCode).toBe(201);
    const url = checkout.json().url as string;
    expect((await call('DELETE', '/api/me', session, { password: PASSWORD })).statusCode).toBe(204);

    const sessionId = url.split('/').at(-1)!;
    expect((await env.stripe.checkout.sessions.retrieve(sessionId)).status).toBe('expired');
    const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).not.toBe(303);
    const [reservation] = await db().query(
      `SELECT status FROM founding_reservations WHERE stripe_checkout_session_id = $1`,
      [sessionId],
    );
    expect(reservation.status).not.toBe('paid');
  }, 60_000);

  it('is kept by the database: no sign-in account is linked to the row, its status stays', async () => {
    const session = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('kept'));
    const { id } = await db().getRepository(UserEntity).findOneByOrFail({
      email: session.user.email,
    });
    expect((await call('DELETE', '/api/me', session, { password: PASSWORD })).statusCode).toBe(204);
    const [account] = await db().query(
      `INSERT INTO auth_accounts (email) VALUES ($1) RETURNING id`,
      [uniqueEmail('stranger')],
    );
    await expect(
      db().query(`UPDATE users SET auth_user_id = $1 WHERE id = $2`, [account.id, id]),
    ).rejects.toThrow(/users_deleted_unlinked_check/);
    await expect(
      db().query(`UPDATE users SET status = 'active' WHERE id = $1`, [id]),
    ).rejects.toThrow(/cannot change/);
  });
});
