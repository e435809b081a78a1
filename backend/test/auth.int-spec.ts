import { createHmac } from 'node:crypto';
import { AuthAccountEntity } from '../src/auth/auth-account.entity.js';
import { EmailEntity } from '../src/mail/email.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import {
  PASSWORD,
  bearer,
  post,
  signUpAndConfirm,
  signupCookie,
  tokenFromOutbox,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import { TEST_JWT_SECRET, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';
import { jobsDrained, waitFor } from './support/wait.js';

describe('accounts and sign-in', () => {
  let t: TestApp;
  const users = () => t.dataSource.getRepository(UserEntity);
  const accounts = () => t.dataSource.getRepository(AuthAccountEntity);

  beforeAll(async () => {
    // Limits are tested on their own; here every request comes from one address.
    t = await startTestApp({
      env: {
        JOBS_POLL_INTERVAL_SECONDS: '0.5',
        RATE_LIMIT_SIGNUP: '10000',
        RATE_LIMIT_RECOVER: '10000',
        RATE_LIMIT_CONFIRM: '10000',
      },
    });
    await resetDatabase(t.dataSource);
  });
  afterAll(() => t.close());

  describe('sign-up', () => {
    it('creates the account and its customer record, and queues the confirmation and welcome e-mails', async () => {
      const email = uniqueEmail('signup');
      const response = await post(t.app, '/api/auth/signup', {
        email,
        password: PASSWORD,
        name: ' Ada  Lovelace King ',
      });
      expect(response.statusCode).toBe(201);
      const { user } = response.json();
      expect(user).toMatchObject({
        email,
        metadata: {
          name: 'Ada  Lovelace King',
          source: 'regular_signup',
          first_name: 'Ada',
          last_name: 'Lovelace King',
        },
        factors: [],
        email_confirmed_at: null,
      });
      expect(response.body).not.toContain('password');

      expect(await users().findOneByOrFail({ email })).toMatchObject({
        first_name: 'Ada',
        last_name: 'Lovelace King',
        status: 'pending',
        founding_member: false,
        auth_user_id: user.id,
        // The member chose a password at sign-up, so the admin's "Resend Welcome Email" is off.
        password_set: true,
      });
      const stored = await accounts().findOneByOrFail({ email });
      expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      const queued = await t.dataSource
        .getRepository(EmailEntity)
        .find({ where: { to_email: email }, order: { template: 'ASC' } });
      expect(queued.map((row) => row.template)).toEqual(['confirm-email', 'welcome']);
      expect(String(queued[0].data.link)).toMatch(/^\/confirm-email#token=/);
      expect(await tokenFromOutbox(t.dataSource, email, 'confirm-email')).toMatch(/^[\w-]{43}$/);
    });

    it('links an existing customer record instead of creating a second one', async () => {
      const email = uniqueEmail('existing');
      await users().insert({ email, first_name: 'Known', status: 'pending' });
      const response = await post(t.app, '/api/auth/signup', {
        email: email.toUpperCase(),
        password: PASSWORD,
        name: 'Other Name',
      });
      expect(response.statusCode).toBe(201);
      const rows = await users().findBy({ email });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        auth_user_id: response.json().user.id,
        first_name: 'Known',
        last_name: 'Name',
      });
    });

    it('refuses an e-mail already in use, whatever its case', async () => {
      const email = uniqueEmail('dupe');
      await post(t.app, '/api/auth/signup', { email, password: PASSWORD, name: 'First' });
      const again = await post(t.app, '/api/auth/signup', {
        email: email.toUpperCase(),
        password: PASSWORD,
        name: 'Second',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        statusCode: 409,
        code: 'email_exists',
        message: 'This email is already in use. Please choose another one.',
      });
    });

    it.each([
      ['not-an-email', PASSWORD, 400, 'invalid_email', 'Please enter a valid email address.'],
      [
        'short@example.com',
        '12345',
        400,
        'weak_password',
        'Your password must be at least 6 characters long.',
      ],
      [
        'common@example.com',
        'password1',
        400,
        'weak_password',
        'This password is too common. Please choose another one.',
      ],
      [
        'common2@example.com',
        'Qwerty123',
        400,
        'weak_password',
        'This password is too common. Please choose another one.',
      ],
    ])('refuses %s / %s with %i %s', async (email, password, status, code, message) => {
      const response = await post(t.app, '/api/auth/signup', { email, password, name: 'Someone' });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ statusCode: status, code, message });
      expect(await accounts().countBy({ email })).toBe(0);
    });

    it('requires every field and refuses unknown ones', async () => {
      const missing = await post(t.app, '/api/auth/signup', { email: 'a@example.com' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe('validation_failed');
      expect(Object.keys(missing.json().errors).sort()).toEqual(['name', 'password']);
      const noEmail = await post(t.app, '/api/auth/login', { password: PASSWORD });
      expect(noEmail.json()).toMatchObject({
        code: 'validation_failed',
        message: 'Email is required',
      });

      const extra = await post(t.app, '/api/auth/signup', {
        email: 'b@example.com',
        password: PASSWORD,
        name: 'B',
        is_admin: true,
      });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().errors).toHaveProperty('is_admin');
    });

    it('accepts long passwords without truncating them', async () => {
      const long = 'L'.repeat(140) + 'tail-one';
      const session = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('long'), long);
      const email = session.user.email;
      expect((await post(t.app, '/api/auth/login', { email, password: long })).statusCode).toBe(
        200,
      );
      const differentTail = 'L'.repeat(140) + 'tail-two';
      expect(
        (await post(t.app, '/api/auth/login', { email, password: differentTail })).statusCode,
      ).toBe(400);
    });
  });

  describe('confirmation and sign-in', () => {
    it('refuses sign-in before the e-mail is confirmed, and only with the right password', async () => {
      const email = uniqueEmail('unconfirmed');
      await post(t.app, '/api/auth/signup', { email, password: PASSWORD, name: 'Una' });
      const early = await post(t.app, '/api/auth/login', { email, password: PASSWORD });
      expect(early.statusCode).toBe(403);
      expect(early.json()).toEqual({
        statusCode: 403,
        code: 'email_not_confirmed',
        message: 'Please check your email and confirm your account before signing in.',
      });
      const wrong = await post(t.app, '/api/auth/login', { email, password: 'not the password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('invalid_credentials');
    });

    it('answers an unknown e-mail exactly like a wrong password', async () => {
      const session = await signUpAndConfirm(t.app, t.dataSource);
      const wrong = await post(t.app, '/api/auth/login', {
        email: session.user.email,
        password: 'wrong password!',
      });
      const unknown = await post(t.app, '/api/auth/login', {
        email: uniqueEmail('nobody'),
        password: 'wrong password!',
      });
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json()).toEqual({
        statusCode: 400,
        code: 'invalid_credentials',
        message: 'Invalid email or password. Please check your credentials and try again.',
      });
    });

    it('runs sign-up → confirm → login → refresh → logout', async () => {
      const email = uniqueEmail('journey');
      const signup = await post(t.app, '/api/auth/signup', {
        email,
        password: PASSWORD,
        name: 'Journey Person',
      });
      expect(signup.statusCode).toBe(201);
      const token = await tokenFromOutbox(t.dataSource, email, 'confirm-email');

      expect((await post(t.app, '/api/auth/check-token', { token })).json()).toEqual({
        valid: true,
        kind: 'email_confirmation',
      });
      // Confirmed in the browser that signed up, which keeps its password.
      const confirmed = await post(t.app, '/api/auth/confirm', { token }, signupCookie(signup));
      expect(confirmed.statusCode).toBe(200);
      const session: SessionBody = confirmed.json();
      expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email } });
      expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
      expect((await users().findOneByOrFail({ email })).status).toBe('active');
      expect((await post(t.app, '/api/auth/check-token', { token })).json()).toEqual({
        valid: false,
        kind: null,
      });
      expect((await post(t.app, '/api/auth/confirm', { token })).json().code).toBe('invalid_token');

      const login = await post(t.app, '/api/auth/login', {
        email: email.toUpperCase(),
        password: PASSWORD,
      });
      expect(login.statusCode).toBe(200);
      const loggedIn: SessionBody = login.json();
      expect((await accounts().findOneByOrFail({ email })).last_sign_in_at).toBeInstanceOf(Date);

      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: bearer(loggedIn),
      });
      expect(me.json()).toEqual({
        id: loggedIn.user.id,
        email,
        created_at: expect.any(String),
        email_confirmed_at: expect.any(String),
        last_sign_in_at: expect.any(String),
        metadata: {
          name: 'Journey Person',
          source: 'regular_signup',
          first_name: 'Journey',
          last_name: 'Person',
        },
        factors: [],
      });

      const refreshed = await post(t.app, '/api/auth/refresh', {
        refresh_token: loggedIn.refresh_token,
      });
      expect(refreshed.statusCode).toBe(200);
      const next: SessionBody = refreshed.json();
      expect(next.refresh_token).not.toBe(loggedIn.refresh_token);

      expect(
        (await post(t.app, '/api/auth/logout', { refresh_token: next.refresh_token })).statusCode,
      ).toBe(204);
      const afterLogout = await post(t.app, '/api/auth/refresh', {
        refresh_token: next.refresh_token,
      });
      expect(afterLogout.statusCode).toBe(401);
      expect(afterLogout.json().code).toBe('invalid_refresh_token');
    });

    it('resends a confirmation link to an unconfirmed account only', async () => {
      const email = uniqueEmail('resend');
      await post(t.app, '/api/auth/signup', { email, password: PASSWORD, name: 'Re Send' });
      const first = await tokenFromOutbox(t.dataSource, email, 'confirm-email');
      const resent = await post(t.app, '/api/auth/resend-confirmation', { email });
      expect(resent.statusCode).toBe(200);
      const second = await waitFor(async () => {
        const token = await tokenFromOutbox(t.dataSource, email, 'confirm-email');
        return token === first ? undefined : token;
      });
      expect((await post(t.app, '/api/auth/check-token', { token: first })).json().valid).toBe(
        false,
      );
      expect((await post(t.app, '/api/auth/confirm', { token: second })).statusCode).toBe(200);

      const unknown = await post(t.app, '/api/auth/resend-confirmation', {
        email: uniqueEmail('ghost'),
      });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(resent.json());
    });
  });

  describe('refresh-token rotation', () => {
    it('gives the same successor within the grace period, and revokes the family on reuse after it', async () => {
      const session = await signUpAndConfirm(t.app, t.dataSource);
      const first = (
        await post(t.app, '/api/auth/refresh', { refresh_token: session.refresh_token })
      ).json();
      const again = (
        await post(t.app, '/api/auth/refresh', { refresh_token: session.refresh_token })
      ).json();
      expect(again.refresh_token).toBe(first.refresh_token);

      // The rotation happened 11 s ago: presenting the old token now is a reuse.
      await t.dataSource.query(
        `UPDATE refresh_tokens SET used_at = now() - interval '11 seconds' WHERE used_at IS NOT NULL`,
      );
      const reused = await post(t.app, '/api/auth/refresh', {
        refresh_token: session.refresh_token,
      });
      expect(reused.statusCode).toBe(401);
      expect(reused.json()).toEqual({
        statusCode: 401,
        code: 'invalid_refresh_token',
        message: 'Your session has expired. Please sign in again.',
      });
      const successor = await post(t.app, '/api/auth/refresh', {
        refresh_token: first.refresh_token,
      });
      expect(successor.statusCode).toBe(401);
    });

    it('never signs anyone out when 20 tabs refresh the same token at once', async () => {
      const session = await signUpAndConfirm(t.app, t.dataSource);
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          post(t.app, '/api/auth/refresh', { refresh_token: session.refresh_token }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
      const tokens = new Set(responses.map((response) => response.json().refresh_token));
      expect(tokens.size).toBe(1);
      const [successor] = [...tokens];
      expect(
        (await post(t.app, '/api/auth/refresh', { refresh_token: successor })).statusCode,
      ).toBe(200);
    });

    it('refuses an unknown refresh token', async () => {
      const response = await post(t.app, '/api/auth/refresh', { refresh_token: 'not-a-token' });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('invalid_refresh_token');
    });
  });

  describe('password reset', () => {
    it('answers a known and an unknown e-mail identically, and e-mails only the known one', async () => {
      const session = await signUpAndConfirm(t.app, t.dataSource);
      const unknownEmail = uniqueEmail('unknown');
      const known = await post(t.app, '/api/auth/recover', { email: session.user.email });
      const unknown = await post(t.app, '/api/auth/recover', { email: unknownEmail });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());

      await tokenFromOutbox(t.dataSource, session.user.email, 'password-reset');
      await jobsDrained(t.dataSource);
      expect(
        await t.dataSource.getRepository(EmailEntity).countBy({ to_email: unknownEmail }),
      ).toBe(0);
    });

    it('sets the password once per link, confirms and activates, and ends every other sign-in', async () => {
      const email = uniqueEmail('reset');
      await post(t.app, '/api/auth/signup', { email, password: PASSWORD, name: 'Reset Me' });
      // Unconfirmed: the reset link confirms the e-mail too.
      await post(t.app, '/api/auth/recover', { email });
      const token = await tokenFromOutbox(t.dataSource, email, 'password-reset');
      expect((await post(t.app, '/api/auth/check-token', { token })).json()).toEqual({
        valid: true,
        kind: 'password_reset',
      });

      const weak = await post(t.app, '/api/auth/reset-password', { token, password: '123' });
      expect(weak.json()).toMatchObject({ statusCode: 400, code: 'weak_password' });

      const reset = await post(t.app, '/api/auth/reset-password', {
        token,
        password: 'a brand new passphrase',
      });
      expect(reset.statusCode).toBe(200);
      const session: SessionBody = reset.json();
      expect(await users().findOneByOrFail({ email })).toMatchObject({
        password_set: true,
        status: 'active',
      });
      expect((await accounts().findOneByOrFail({ email })).email_confirmed_at).toBeInstanceOf(Date);

      const reused = await post(t.app, '/api/auth/reset-password', {
        token,
        password: 'another passphrase',
      });
      expect(reused.json()).toEqual({
        statusCode: 400,
        code: 'invalid_token',
        message: 'Invalid password reset link. Please try requesting a new one.',
      });
      expect(
        (await post(t.app, '/api/auth/login', { email, password: 'a brand new passphrase' }))
          .statusCode,
      ).toBe(200);
      expect(
        (await post(t.app, '/api/auth/refresh', { refresh_token: session.refresh_token }))
          .statusCode,
      ).toBe(200);
    });

    it('revokes the sessions that existed before the reset', async () => {
      const before = await signUpAndConfirm(t.app, t.dataSource);
      await post(t.app, '/api/auth/recover', { email: before.user.email });
      const token = await tokenFromOutbox(t.dataSource, before.user.email, 'password-reset');
      expect(
        (await post(t.app, '/api/auth/reset-password', { token, password: 'reset passphrase one' }))
          .statusCode,
      ).toBe(200);
      expect(
        (await post(t.app, '/api/auth/refresh', { refresh_token: before.refresh_token }))
          .statusCode,
      ).toBe(401);
    });

    it('refuses an expired link', async () => {
      const session = await signUpAndConfirm(t.app, t.dataSource);
      await post(t.app, '/api/auth/recover', { email: session.user.email });
      const token = await tokenFromOutbox(t.dataSource, session.user.email, 'password-reset');
      await t.dataSource.query(
        `UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE kind = 'password_reset'`,
      );
      const response = await post(t.app, '/api/auth/reset-password', {
        token,
        password: 'too late passphrase',
      });
      expect(response.json().code).toBe('invalid_token');
    });
  });

  describe('changing the password while signed in', () => {
    it('checks the current password, then ends the other sign-ins but not this one', async () => {
      const session = await signUpAndConfirm(t.app, t.dataSource);
      const other: SessionBody = (
        await post(t.app, '/api/auth/login', { email: session.user.email, password: PASSWORD })
      ).json();

      const wrong = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: bearer(session),
        payload: { current_password: 'not it', new_password: 'my new passphrase' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('invalid_current_password');

      const weak = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: bearer(session),
        payload: { current_password: PASSWORD, new_password: 'abc' },
      });
      expect(weak.json().code).toBe('weak_password');

      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: bearer(session),
        payload: { current_password: PASSWORD, new_password: 'my new passphrase' },
      });
      expect(changed.statusCode).toBe(204);
      expect(
        (await post(t.app, '/api/auth/refresh', { refresh_token: other.refresh_token })).statusCode,
      ).toBe(401);
      expect(
        (await post(t.app, '/api/auth/refresh', { refresh_token: session.refresh_token }))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await post(t.app, '/api/auth/login', {
            email: session.user.email,
            password: 'my new passphrase',
          })
        ).statusCode,
      ).toBe(200);
    });
  });

  describe('access tokens', () => {
    const sign = (
      header: object,
      payload: object,
      secret = TEST_JWT_SECRET,
      algorithm = 'sha256',
    ) => {
      const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
      const body = `${encode(header)}.${encode(payload)}`;
      return `${body}.${createHmac(algorithm, secret).update(body).digest('base64url')}`;
    };
    let claims: Record<string, unknown>;
    /** The claims of another member's token. */
    let others: Record<string, unknown>;
    const without = (key: string) => {
      const { [key]: _left, ...rest } = claims;
      return rest;
    };

    beforeAll(async () => {
      const session = await signUpAndConfirm(t.app, t.dataSource);
      claims = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString());
      const other = await signUpAndConfirm(t.app, t.dataSource);
      others = JSON.parse(Buffer.from(other.access_token.split('.')[1], 'base64url').toString());
      const ok = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(session) });
      expect(ok.statusCode).toBe(200);
      // The forged tokens below differ from a valid one in one way each.
      expect(sign({ alg: 'HS256', typ: 'JWT' }, claims)).not.toBe('');
      const rebuilt = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${sign({ alg: 'HS256', typ: 'JWT' }, claims)}` },
      });
      expect(rebuilt.statusCode).toBe(200);
    });

    it.each([
      [
        'alg none',
        () =>
          `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`,
      ],
      [
        'another algorithm',
        () => sign({ alg: 'HS512', typ: 'JWT' }, claims, TEST_JWT_SECRET, 'sha512'),
      ],
      [
        'a wrong audience',
        () => sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, aud: 'someone-else' }),
      ],
      [
        'an expired exp',
        () =>
          sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: Math.floor(Date.now() / 1000) - 5 }),
      ],
      [
        'a bad signature',
        () =>
          sign({ alg: 'HS256', typ: 'JWT' }, claims, 'another-secret-of-sufficient-length-000000'),
      ],
      [
        'a wrong issuer',
        () => sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, iss: 'someone-else' }),
      ],
      ['no token', () => ''],
      ['no exp', () => sign({ alg: 'HS256', typ: 'JWT' }, without('exp'))],
      ['no sid', () => sign({ alg: 'HS256', typ: 'JWT' }, without('sid'))],
      ['no sub', () => sign({ alg: 'HS256', typ: 'JWT' }, without('sub'))],
      [
        'a numeric exp as text',
        () => sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: String(claims.exp) }),
      ],
      [
        "another member's sign-in as sid",
        () => sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, sid: others.sid }),
      ],
      [
        "another member's account as sub, with this sign-in",
        () => sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, sub: others.sub }),
      ],
      [
        'a sid that names no sign-in',
        () =>
          sign(
            { alg: 'HS256', typ: 'JWT' },
            { ...claims, sid: '00000000-0000-4000-8000-000000000000' },
          ),
      ],
      ['a sid that is no id', () => sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, sid: 'x' })],
    ])('refuses %s with 401', async (_name, token) => {
      // GET /api/me is answered by Fastify directly, GET /api/auth/user through Nest's guard.
      for (const url of ['/api/me', '/api/auth/user']) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${token()}` },
        });
        expect([url, response.statusCode]).toEqual([url, 401]);
        expect(response.json()).toEqual({
          statusCode: 401,
          code: 'unauthorized',
          message: 'You need to sign in first.',
        });
      }
    });

    it.each([
      ['no header', undefined],
      ['another scheme', () => `Basic ${sign({ alg: 'HS256', typ: 'JWT' }, claims)}`],
      ['a lower-case scheme', () => `bearer ${sign({ alg: 'HS256', typ: 'JWT' }, claims)}`],
      ['a bare token', () => sign({ alg: 'HS256', typ: 'JWT' }, claims)],
    ])('reads the authorization header alike everywhere: %s', async (_name, header) => {
      const answers = await Promise.all(
        ['/api/me', '/api/auth/user'].map((url) =>
          t.app.inject({ method: 'GET', url, headers: header ? { authorization: header() } : {} }),
        ),
      );
      expect(answers[0].statusCode).toBe(answers[1].statusCode);
      if (answers[0].statusCode === 401) expect(answers[0].json()).toEqual(answers[1].json());
    });
  });

  describe('admin guard', () => {
    it('refuses a member with 403, admits an admin, and notices at once when admin is revoked', async () => {
      const session = await signUpAndConfirm(t.app, t.dataSource);
      const identity = () =>
        t.app.inject({ method: 'GET', url: '/api/admin/identity', headers: bearer(session) });
      expect((await identity()).statusCode).toBe(403);
      expect((await identity()).json()).toEqual({
        statusCode: 403,
        code: 'forbidden',
        message: "You don't have permission to access the admin portal.",
      });

      await users().update({ auth_user_id: session.user.id }, { is_admin: true });
      const admitted = await identity();
      expect(admitted.statusCode).toBe(200);
      expect(admitted.json()).toMatchObject({
        email: session.user.email,
        is_admin: true,
        first_name: 'Ada',
        last_name: 'Lovelace',
      });

      await users().update({ auth_user_id: session.user.id }, { is_admin: false });
      expect((await identity()).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/identity' })).statusCode).toBe(
        401,
      );
    });
  });

  describe('the member API', () => {
    it('returns the member record with its display status and plan badge', async () => {
      const session = await signUpAndConfirm(t.app, t.dataSource);
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(session) });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        email: session.user.email,
        first_name: 'Ada',
        last_name: 'Lovelace',
        status: 'active',
        display_status: 'Active',
        plan_badge: { label: 'Free', colour: 'grey' },
        notification_preferences: {
          emailUpdates: true,
          featureAnnouncements: true,
          billingAlerts: true,
          weeklyDigest: false,
        },
      });
    });

    it('updates only the profile fields', async () => {
      const session = await signUpAndConfirm(t.app, t.dataSource);
      const patch = (payload: object) =>
        t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(session), payload });
      const updated = await patch({
        first_name: 'Grace',
        last_name: 'Hopper',
        phone: '(555) 123-4567',
        company: 'Navy',
        job_title: 'Rear Admiral',
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        first_name: 'Grace',
        company: 'Navy',
        job_title: 'Rear Admiral',
        phone: '(555) 123-4567',
      });

      for (const blank of ['', '   ']) {
        const refused = await patch({ first_name: blank });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({
          code: 'validation_failed',
          errors: { first_name: 'Please enter your first name.' },
        });
      }

      // Left out is no change; null is not a name (the columns hold none).
      for (const field of ['first_name', 'last_name']) {
        const refused = await patch({ [field]: null });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().code).toBe('validation_failed');
      }

      for (const forbidden of [
        { is_admin: true },
        { status: 'active' },
        { billing_name: 'X' },
        { founding_member: true },
      ]) {
        const refused = await patch({ first_name: 'Mallory', ...forbidden });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().code).toBe('validation_failed');
      }
      expect(await users().findOneByOrFail({ auth_user_id: session.user.id })).toMatchObject({
        first_name: 'Grace',
        is_admin: false,
        billing_name: null,
        founding_member: false,
      });
    });

    it('saves the notification preferences on the server', async () => {
      const session = await signUpAndConfirm(t.app, t.dataSource);
      const preferences = {
        emailUpdates: false,
        featureAnnouncements: true,
        billingAlerts: false,
        weeklyDigest: true,
      };
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/me/notifications',
        headers: bearer(session),
        payload: preferences,
      });
      expect(saved.statusCode).toBe(200);
      // The daily digest, not set, is answered as it applies: off for a free member.
      expect(saved.json()).toEqual({ ...preferences, dailyDigest: false });
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(session) });
      expect(me.json().notification_preferences).toEqual({ ...preferences, dailyDigest: false });

      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/me/notifications',
        headers: bearer(session),
        payload: { ...preferences, weeklyDigest: 'yes' },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('says so when a signed-in account has no customer record', async () => {
      const session = await signUpAndConfirm(t.app, t.dataSource);
      await users().delete({ auth_user_id: session.user.id });
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(session) });
      expect(me.statusCode).toBe(404);
      expect(me.json().code).toBe('profile_not_found');
    });
  });
});
