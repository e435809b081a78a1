import { AuthAccountEntity } from '../src/auth/auth-account.entity.js';
import type { AuthTokenKind } from '../src/auth/auth-token.entity.js';
import { AuthTokensService } from '../src/auth/auth-tokens.service.js';
import {
  PASSWORD,
  bearer,
  post,
  signUpAndConfirm,
  tokenFromOutbox,
  uniqueEmail,
} from './support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

/** A new password retires every link that could still set one, or sign in, for the account. */
describe('links outstanding when the password changes', () => {
  let t: TestApp;
  const checkToken = async (token: string) =>
    (await post(t.app, '/api/auth/check-token', { token })).json<{ valid: boolean }>().valid;
  /** A link token as the product issues them (a setup link from the back office, for example). */
  const issue = async (email: string, kind: AuthTokenKind) => {
    const account = await t.dataSource.getRepository(AuthAccountEntity).findOneByOrFail({ email });
    return t.dataSource.transaction((manager) =>
      t.app.get(AuthTokensService).create(manager, account.id, kind),
    );
  };

  beforeAll(async () => {
    t = await startTestApp({ env: { ...NO_RATE_LIMITS, JOBS_POLL_INTERVAL_SECONDS: '0.5' } });
    await resetDatabase(t.dataSource);
  }, 30_000);
  afterAll(() => t.close());

  it('a password change retires the reset, setup and confirmation links issued before it', async () => {
    const session = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('change'));
    const email = session.user.email;
    await post(t.app, '/api/auth/recover', { email });
    const reset = await tokenFromOutbox(t.dataSource, email, 'password-reset');
    const setup = await issue(email, 'password_setup');
    const confirmation = await issue(email, 'email_confirmation');
    expect(await checkToken(reset)).toBe(true);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(session),
      payload: { current_password: PASSWORD, new_password: 'changed passphrase' },
    });
    expect(changed.statusCode).toBe(204);

    for (const token of [reset, setup, confirmation]) expect(await checkToken(token)).toBe(false);
    const replayed = await post(t.app, '/api/auth/reset-password', {
      token: reset,
      password: 'hijacked passphrase',
    });
    expect(replayed.json().code).toBe('invalid_token');
    expect((await post(t.app, '/api/auth/confirm', { token: confirmation })).statusCode).toBe(400);
    expect(
      (await post(t.app, '/api/auth/login', { email, password: 'changed passphrase' })).statusCode,
    ).toBe(200);
  }, 20_000);

  it('a reset retires the other reset and setup links', async () => {
    const session = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('reset'));
    const email = session.user.email;
    const first = await issue(email, 'password_reset');
    const setup = await issue(email, 'password_setup');
    await post(t.app, '/api/auth/recover', { email });
    const latest = await tokenFromOutbox(t.dataSource, email, 'password-reset');

    const reset = await post(t.app, '/api/auth/reset-password', {
      token: latest,
      password: 'reset passphrase',
    });
    expect(reset.statusCode).toBe(200);
    for (const token of [first, setup]) expect(await checkToken(token)).toBe(false);
    expect(
      (await post(t.app, '/api/auth/reset-password', { token: setup, password: 'other phrase' }))
        .statusCode,
    ).toBe(400);
  }, 20_000);

  it("a reset retires an unconfirmed sign-up's confirmation link, which no longer signs anyone in", async () => {
    const email = uniqueEmail('unconfirmed');
    await post(t.app, '/api/auth/signup', { email, password: PASSWORD, name: 'Una Confirmed' });
    const confirmation = await tokenFromOutbox(t.dataSource, email, 'confirm-email');
    await post(t.app, '/api/auth/recover', { email });
    const reset = await tokenFromOutbox(t.dataSource, email, 'password-reset');

    expect(
      (await post(t.app, '/api/auth/reset-password', { token: reset, password: 'owner phrase' }))
        .statusCode,
    ).toBe(200);
    expect(await checkToken(confirmation)).toBe(false);
    const confirmed = await post(t.app, '/api/auth/confirm', { token: confirmation });
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json()).toMatchObject({ code: 'invalid_token' });
  }, 20_000);
});
