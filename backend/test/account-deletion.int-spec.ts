import { Secret, TOTP } from 'otpauth';
import { UserEntity } from '../src/users/user.entity.js';
import {
  bearer,
  post,
  signUpAdmin,
  signUpAndConfirm,
  uniqueEmail,
  PASSWORD,
  type SessionBody,
} from './support/accounts.js';
import { startAppWithSandbox, type AppWithSandbox } from './support/sandbox.js';
import { occurrences } from './support/personal-data.js';
import { resetDatabase } from './support/test-app.js';
import { waitFor } from './support/wait.js';

describe('Delete my account (DELETE /api/me)', () => {
  let env: AppWithSandbox;
  let admin: SessionBody;
  const users = () => env.t.dataSource.getRepository(UserEntity);
  const call = (
    method: 'GET' | 'POST' | 'DELETE',
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

  beforeAll(async () => {
    env = await startAppWithSandbox();
    await resetDatabase(env.t.dataSource);
    admin = await signUpAdmin(env.t.app, env.t.dataSource);
  }, 30_000);
  afterAll(() => env.close());

  it('cancels the subscription, ends every sign-in and leaves no personal data, keeping the payments', async () => {
    const email = uniqueEmail('leaving');
    const session = await signUpAndConfirm(env.t.app, env.t.dataSource, email);
    const checkout = await call('POST', '/api/billing/checkout', session, { plan: 'prospector' });
    const paid = await fetch(`${checkout.json().url as string}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const before = await waitFor(async () => {
      const row = await users().findOneByOrFail({ email });
      const [payment] = await env.t.dataSource.query(
        `SELECT id FROM transactions WHERE user_id = $1`,
        [row.id],
      );
      return row.subscription_status === 'active' && payment ? row : undefined;
    }, 20_000);
    await env.t.dataSource.query(
      `UPDATE users SET phone = '(555) 010-1234', company = 'Acme', billing_name = 'Ada L',
          billing_email = $1 WHERE id = $2`,
      [email, before.id],
    );
    await env.t.dataSource.query(
      `INSERT INTO newsletter_subscriptions (email, source, first_name, last_name, status)
       VALUES ($1, 'newsletter', 'Ada', 'Lovelace', 'active')`,
      [email],
    );
    const other = (await post(env.t.app, '/api/auth/login', { email, password: PASSWORD })).json();

    // A wrong password changes nothing.
    const refused = await call('DELETE', '/api/me', session, { password: 'not my password' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_password' });
    expect((await users().findOneByOrFail({ id: before.id })).email).toBe(email);

    const deleted = await call('DELETE', '/api/me', session, { password: PASSWORD });
    expect(deleted.statusCode).toBe(204);

    // No personal data left in users; no way to sign in.
    const after = await users().findOneByOrFail({ id: before.id });
    expect(after).toMatchObject({
      email: `deleted-${before.id}@deleted.invalid`,
      first_name: '',
      last_name: '',
      phone: null,
      company: null,
      job_title: null,
      billing_name: null,
      billing_email: null,
      billing_phone: null,
      billing_address: null,
      status: 'deleted',
      auth_user_id: null,
    });
    expect(after.deleted_at).not.toBeNull();
    const [{ accounts }] = await env.t.dataSource.query(
      `SELECT count(*)::int AS accounts FROM auth_accounts WHERE email = $1`,
      [email],
    );
    expect(accounts).toBe(0);
    expect(
      (await post(env.t.app, '/api/auth/login', { email, password: PASSWORD })).json(),
    ).toMatchObject({ code: 'invalid_credentials' });
    for (const signIn of [session, other as SessionBody]) {
      expect((await call('GET', '/api/me', signIn)).statusCode).toBe(401);
      expect(
        (await post(env.t.app, '/api/auth/refresh', { refresh_token: signIn.refresh_token }))
          .statusCode,
      ).toBe(401);
    }
    // Stripe bills nothing more; the payments stay, with the anonymised reference.
    expect((await env.stripe.subscriptions.retrieve(before.stripe_subscription_id!)).status).toBe(
      'canceled',
    );
    const payments = await env.t.dataSource.query(
      `SELECT amount_cents FROM transactions WHERE user_id = $1`,
      [before.id],
    );
    expect(payments).toEqual([{ amount_cents: 7_500 }]);
    // No newsletter row; one confirmation to the address they had, which forgets it once sent;
    // audited.
    const newsletter = await env.t.dataSource.query(
      `SELECT status FROM newsletter_subscriptions WHERE email = $1`,
      [email],
    );
    expect(newsletter).toEqual([]);
    await waitFor(async () => {
      const left = await env.t.dataSource.query(`SELECT 1 FROM emails WHERE to_email = $1`, [
        email,
      ]);
      return left.length === 0 ? true : undefined;
    }, 15_000);
    const [sent] = await env.t.dataSource.query(
      `SELECT to_email, status FROM emails WHERE user_id = $1 AND template = 'account-deleted'`,
      [before.id],
    );
    expect(sent).toMatchObject({ to_email: `deleted-${before.id}@deleted.invalid` });
    expect(sent.status).not.toBe('queued');
    // Nowhere in the database any more (the name is the test's usual one, the admin's too),
    // but for the counter of the sign-in tried above with the address, kept for its window.
    expect(await occurrences(env.t.dataSource, [email, '010-1234'])).toEqual([
      'public.rate_limit_counters.key',
    ]);
    const [audit] = await env.t.dataSource.query(
      `SELECT action_type FROM admin_actions WHERE target_user_id = $1 AND action_type = 'member_delete_account'`,
      [before.id],
    );
    expect(audit).toBeDefined();

    // The back office shows the account as deleted, its history, and allows nothing else.
    const profile = await call('GET', `/api/admin/users/${before.id}`, admin);
    expect(profile.json()).toMatchObject({ status: 'deleted', display_status: 'Deleted' });
    expect((await call('GET', `/api/admin/users/${before.id}/activity`, admin)).statusCode).toBe(
      200,
    );
    const write = await call('POST', `/api/admin/users/${before.id}/password-reset`, admin);
    expect(write.statusCode).toBe(409);
    expect(write.json()).toMatchObject({ code: 'user_deleted' });
  }, 120_000);

  it('asks for a two-step code too when two-step verification is on', async () => {
    const session = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('twostep'));
    const enrolment = (await call('POST', '/api/auth/mfa/totp/enroll', session)).json() as {
      factor_id: string;
      secret: string;
    };
    const code = new TOTP({ secret: Secret.fromBase32(enrolment.secret) }).generate();
    const verified = await call('POST', '/api/auth/mfa/totp/verify', session, {
      factor_id: enrolment.factor_id,
      code,
    });
    expect(verified.statusCode).toBe(200);
    const [recoveryCode] = (verified.json() as { recovery_codes: string[] }).recovery_codes;

    for (const payload of [{ password: PASSWORD }, { password: PASSWORD, code: '000000' }]) {
      const refused = await call('DELETE', '/api/me', session, payload);
      expect(refused.json()).toMatchObject({ code: 'invalid_mfa_code' });
    }
    expect((await users().findOneByOrFail({ email: session.user.email })).status).not.toBe(
      'deleted',
    );
    const deleted = await call('DELETE', '/api/me', session, {
      password: PASSWORD,
      code: recoveryCode,
    });
    expect(deleted.statusCode).toBe(204);
    // The factor and its codes went with the sign-in account.
    const [{ factors }] = await env.t.dataSource.query(
      `SELECT count(*)::int AS factors FROM mfa_factors WHERE auth_account_id = $1`,
      [session.user.id],
    );
    expect(factors).toBe(0);
  });

  it('needs the password and a signed-in member', async () => {
    const session = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('staying'));
    expect((await call('DELETE', '/api/me', session, {})).statusCode).toBe(400);
    expect((await call('DELETE', '/api/me', undefined, { password: PASSWORD })).statusCode).toBe(
      401,
    );
    expect((await users().findOneByOrFail({ email: session.user.email })).status).not.toBe(
      'deleted',
    );
  });
});
