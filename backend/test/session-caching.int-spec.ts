import {
  bearer,
  PASSWORD,
  post,
  signUpAdmin,
  signUpAndConfirm,
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

  it('tells every cache not to store any administration answer, lists, exports and refusals included', async () => {
    const admin = await signUpAdmin(t.app, t.dataSource, uniqueEmail('nostore-admin'));
    const member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('nostore-member'));
    const document = (await t.app.inject({ url: '/api/docs/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const adminId = (
      await t.app.inject({ url: '/api/admin/identity', headers: bearer(admin) })
    ).json<{
      user_id?: string;
      id?: string;
    }>();
    const id = adminId.user_id ?? adminId.id ?? '00000000-0000-4000-8000-000000000000';
    const reads = Object.entries(document.paths)
      .filter(([path, operations]) => path.startsWith('/api/admin') && 'get' in operations)
      .map(([path]) => path.replace(/\{[^}]+\}/g, id));
    expect(reads.length).toBeGreaterThan(20);
    const stored: string[] = [];
    for (const url of reads)
      for (const session of [admin, member]) {
        const answer = await t.app.inject({ url, headers: bearer(session) });
        if (answer.headers['cache-control'] !== 'no-store')
          stored.push(`${url} ${answer.statusCode} ${String(answer.headers['cache-control'])}`);
      }
    // A write's answer and an anonymous refusal too.
    for (const answer of [
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/users',
        headers: bearer(admin),
        payload: { email: uniqueEmail('created'), first_name: 'New', last_name: 'User' },
      }),
      await t.app.inject({ url: '/api/admin/users' }),
    ])
      if (answer.headers['cache-control'] !== 'no-store')
        stored.push(`write or refusal ${answer.statusCode}`);
    expect(stored).toEqual([]);
  });

  it('tells every cache not to store a member’s personal answers, refusals included', async () => {
    const member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('nostore-own'));
    for (const url of ['/api/me', '/api/me/export', '/api/auth/user', '/api/me/billing']) {
      const answer = await t.app.inject({ url, headers: bearer(member) });
      expect([url, answer.headers['cache-control']]).toEqual([url, 'no-store']);
      const anonymous = await t.app.inject({ url });
      expect([url, anonymous.statusCode, anonymous.headers['cache-control']]).toEqual([
        url,
        401,
        'no-store',
      ]);
    }
    // What is the same for everyone keeps the caching its route asks for.
    const config = await t.app.inject({ url: '/api/site-config' });
    expect(config.headers['cache-control']).toBe('public, max-age=300');
  });
});
