import {
  bearer,
  PASSWORD,
  post,
  signupCookie,
  tokenFromOutbox,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

describe('answers that carry a session or a profile', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { ...NO_RATE_LIMITS, JOBS_POLL_INTERVAL_SECONDS: '0.5' } });
    await resetDatabase(t.dataSource);
  });
  afterAll(() => t.close());

  it('tells every cache not to store sign-up, sign-in, refresh, confirmation, reset and profile answers', async () => {
    const email = uniqueEmail('nostore');
    const signup = await post(t.app, '/api/auth/signup', {
      email,
      password: PASSWORD,
      name: 'Ada Lovelace',
    });
    const confirmToken = await tokenFromOutbox(t.dataSource, email, 'confirm-email');
    const confirmed = await post(
      t.app,
      '/api/auth/confirm',
      { token: confirmToken },
      signupCookie(signup),
    );
    const login = await post(t.app, '/api/auth/login', { email, password: PASSWORD });
    const session = login.json<SessionBody>();
    const refreshed = await post(t.app, '/api/auth/refresh', {
      refresh_token: session.refresh_token,
    });
    const current = refreshed.json<SessionBody>();
    const user = await t.app.inject({ url: '/api/auth/user', headers: bearer(current) });
    const me = await t.app.inject({ url: '/api/me', headers: bearer(current) });
    const updated = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(current),
      payload: { company: 'Analytical Engines' },
    });
    await post(t.app, '/api/auth/recover', { email });
    const resetToken = await tokenFromOutbox(t.dataSource, email, 'password-reset');
    const reset = await post(t.app, '/api/auth/reset-password', {
      token: resetToken,
      password: `${PASSWORD} again`,
    });

    const answers = { signup, confirmed, login, refreshed, user, me, updated, reset };
    expect(
      Object.fromEntries(
        Object.entries(answers).map(([name, answer]) => [
          name,
          [answer.statusCode, answer.headers['cache-control']],
        ]),
      ),
    ).toEqual({
      signup: [201, 'no-store'],
      confirmed: [200, 'no-store'],
      login: [200, 'no-store'],
      refreshed: [200, 'no-store'],
      user: [200, 'no-store'],
      me: [200, 'no-store'],
      updated: [200, 'no-store'],
      reset: [200, 'no-store'],
    });
  });
});
