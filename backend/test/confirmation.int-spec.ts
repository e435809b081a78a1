import { AuthAccountEntity } from '../src/auth/auth-account.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import {
  PASSWORD,
  bearer,
  post,
  signupCookie,
  tokenFromOutbox,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';

const ATTACKER_PASSWORD = 'attacker chose this';

/**
 * Pre-hijack: whoever signs up with someone else's address must not keep a way in once the owner
 * confirms it. Only the browser that signed up keeps the password it chose.
 */
describe('confirming an address whose password was chosen before it was verified', () => {
  let t: TestApp;
  const accounts = () => t.dataSource.getRepository(AuthAccountEntity);
  const users = () => t.dataSource.getRepository(UserEntity);
  const login = (email: string, password: string) =>
    post(t.app, '/api/auth/login', { email, password });
  const refresh = (session: SessionBody) =>
    post(t.app, '/api/auth/refresh', { refresh_token: session.refresh_token });

  beforeAll(async () => {
    t = await startTestApp({ env: { ...NO_RATE_LIMITS, JOBS_POLL_INTERVAL_SECONDS: '0.5' } });
    await resetDatabase(t.dataSource);
  }, 30_000);
  afterAll(() => t.close());

  it('gives the browser that signed up a cookie only the confirmation gets back', async () => {
    const signup = await post(t.app, '/api/auth/signup', {
      email: uniqueEmail('cookie'),
      password: PASSWORD,
      name: 'Coo Kie',
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.headers['cache-control']).toBe('no-store');
    const cookie = String(signup.headers['set-cookie']);
    expect(cookie).toMatch(/^lp_signup=[\w-]{43}; /);
    expect(cookie).toContain('; Path=/api/auth/confirm');
    expect(cookie).toContain('; HttpOnly');
    expect(cookie).toContain('; SameSite=Strict');
    // APP_URL is http here; with https the cookie is Secure too (see signup-cookie.spec.ts).
    expect(cookie).not.toContain('Secure');
    expect(signup.body).not.toContain(cookie.split(';')[0].split('=')[1]);
  }, 20_000);

  it('drops the password when someone else confirms, ends every sign-in, and lets the confirmer choose one', async () => {
    const email = uniqueEmail('victim');
    // The attacker signs up with the victim's address, in their own browser.
    const attacker = await post(t.app, '/api/auth/signup', {
      email,
      password: ATTACKER_PASSWORD,
      name: 'Not The Owner',
    });
    expect(attacker.statusCode).toBe(201);
    // The owner opens the link mailed to them, in another browser (no cookie, or another one).
    const token = await tokenFromOutbox(t.dataSource, email, 'confirm-email');
    const other = await post(t.app, '/api/auth/signup', {
      email: uniqueEmail('someone-else'),
      password: PASSWORD,
      name: 'Some One',
    });
    const confirmed = await post(t.app, '/api/auth/confirm', { token }, signupCookie(other));
    expect(confirmed.statusCode).toBe(200);
    const refused = await login(email, ATTACKER_PASSWORD);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('invalid_credentials');
    const session = confirmed.json<SessionBody & { password_setup_token?: string }>();
    expect(session).toMatchObject({ token_type: 'bearer', user: { email } });
    expect(session.password_setup_token).toMatch(/^[\w-]{43}$/);

    const account = await accounts().findOneByOrFail({ email });
    expect(account.password_hash).toBeNull();
    expect(account.email_confirmed_at).toBeInstanceOf(Date);
    expect(await users().findOneByOrFail({ email })).toMatchObject({
      password_set: false,
      status: 'active',
    });

    // The owner is signed in, and sets a password with the link the confirmation handed back.
    const me = await t.app.inject({ url: '/api/auth/user', headers: bearer(session) });
    expect(me.statusCode).toBe(200);
    expect(
      (await post(t.app, '/api/auth/check-token', { token: session.password_setup_token! })).json(),
    ).toEqual({
      valid: true,
      kind: 'password_setup',
    });
    const chosen = await post(t.app, '/api/auth/reset-password', {
      token: session.password_setup_token!,
      password: 'the owner chose this',
    });
    expect(chosen.statusCode).toBe(200);
    expect((await login(email, 'the owner chose this')).statusCode).toBe(200);
    expect((await login(email, ATTACKER_PASSWORD)).statusCode).toBe(400);
    expect(await users().findOneByOrFail({ email })).toMatchObject({ password_set: true });
    // Setting it ends every other sign-in, the confirmation's included.
    expect((await refresh(session)).statusCode).toBe(401);
  }, 20_000);

  it('keeps the password when the browser that signed up confirms, and goes on as before', async () => {
    const email = uniqueEmail('same-browser');
    const signup = await post(t.app, '/api/auth/signup', {
      email,
      password: PASSWORD,
      name: 'Sam E',
    });
    const token = await tokenFromOutbox(t.dataSource, email, 'confirm-email');
    const confirmed = await post(t.app, '/api/auth/confirm', { token }, signupCookie(signup));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).not.toHaveProperty('password_setup_token');
    // The cookie has done its work: the answer removes it.
    expect(String(confirmed.headers['set-cookie'])).toMatch(/^lp_signup=; .*Max-Age=0/);
    expect((await accounts().findOneByOrFail({ email })).password_hash).not.toBeNull();
    expect(await users().findOneByOrFail({ email })).toMatchObject({ password_set: true });
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    expect((await refresh(confirmed.json())).statusCode).toBe(200);
  }, 20_000);

  it('keeps the password of the browser that signed up when its confirmation link was sent again', async () => {
    const email = uniqueEmail('resent');
    const signup = await post(t.app, '/api/auth/signup', {
      email,
      password: PASSWORD,
      name: 'Re Sent',
    });
    const first = await tokenFromOutbox(t.dataSource, email, 'confirm-email');
    await post(t.app, '/api/auth/resend-confirmation', { email });
    const second = await waitFor(async () => {
      const latest = await tokenFromOutbox(t.dataSource, email, 'confirm-email');
      return latest === first ? undefined : latest;
    });
    const confirmed = await post(
      t.app,
      '/api/auth/confirm',
      { token: second },
      signupCookie(signup),
    );
    expect(confirmed.json()).not.toHaveProperty('password_setup_token');
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  }, 20_000);

  it('leaves an account created without a password as it was', async () => {
    const email = uniqueEmail('founder');
    // A founding buyer's account: no password, not confirmed yet.
    const account = await accounts().save(
      accounts().create({ email, metadata: { source: 'founding_member', first_name: 'Fou' } }),
    );
    await users().insert({ email, first_name: 'Fou', auth_user_id: account.id, status: 'paid' });
    await post(t.app, '/api/auth/resend-confirmation', { email });
    const token = await tokenFromOutbox(t.dataSource, email, 'confirm-email');

    const confirmed = await post(t.app, '/api/auth/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).not.toHaveProperty('password_setup_token');
    expect(await users().findOneByOrFail({ email })).toMatchObject({
      password_set: false,
      status: 'paid',
    });
    expect((await accounts().findOneByOrFail({ email })).email_confirmed_at).toBeInstanceOf(Date);
  }, 20_000);
});
