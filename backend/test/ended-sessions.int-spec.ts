import {
  PASSWORD,
  bearer,
  makeAdmin,
  post,
  signUpAndConfirm,
  tokenFromOutbox,
  type SessionBody,
} from './support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';

/** The spec's limit: an ended sign-in's access token is refused everywhere within a second. */
const WITHIN_MS = 1_000;

/**
 * Access tokens name their sign-in; once it ends (logout, refresh-token reuse, a password change
 * or reset) they are refused on every instance, though they have not expired.
 */
describe('access tokens of ended sign-ins', () => {
  const env = { ...NO_RATE_LIMITS, JOBS_POLL_INTERVAL_SECONDS: '0.5' };
  let t: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env });
    await resetDatabase(t.dataSource);
    // A second instance on the same database, as behind a load balancer.
    other = await startTestApp({ env });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const updateProfile = (app: TestApp, session: SessionBody) =>
    app.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(session),
      payload: { company: 'Analytical Engines' },
    });
  const exportUsers = (app: TestApp, session: SessionBody) =>
    app.app.inject({ url: '/api/admin/users/export.csv', headers: bearer(session) });
  const login = async (email: string, password = PASSWORD): Promise<SessionBody> =>
    (await post(t.app, '/api/auth/login', { email, password })).json();

  /** Waits until the other instance refuses the token too (it hears of the end by NOTIFY). */
  async function refusedByOther(session: SessionBody): Promise<void> {
    await waitFor(
      async () => ((await updateProfile(other, session)).statusCode === 401 ? true : undefined),
      WITHIN_MS,
      'the other instance to refuse the ended sign-in',
    );
  }

  it('refuses the token after logout, on this instance at once and on the other within a second', async () => {
    const session = await signUpAndConfirm(t.app, t.dataSource);
    await makeAdmin(t.dataSource, session.user.email);
    expect((await updateProfile(other, session)).statusCode).toBe(200);
    expect((await exportUsers(other, session)).statusCode).toBe(200);

    expect(
      (
        await post(
          t.app,
          '/api/auth/logout',
          { refresh_token: session.refresh_token },
          bearer(session),
        )
      ).statusCode,
    ).toBeLessThan(300);

    const refused = await updateProfile(t, session);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('unauthorized');
    expect((await exportUsers(t, session)).statusCode).toBe(401);
    await refusedByOther(session);
    expect((await exportUsers(other, session)).statusCode).toBe(401);
  });

  it('refuses every token of a refresh family revoked for reuse', async () => {
    const session = await signUpAndConfirm(t.app, t.dataSource);
    const rotated: SessionBody = (
      await post(other.app, '/api/auth/refresh', { refresh_token: session.refresh_token })
    ).json();
    await t.dataSource.query(
      `UPDATE refresh_tokens SET used_at = now() - interval '11 seconds' WHERE used_at IS NOT NULL`,
    );
    const reused = await post(other.app, '/api/auth/refresh', {
      refresh_token: session.refresh_token,
    });
    expect(reused.statusCode).toBe(401);

    expect((await updateProfile(other, rotated)).statusCode).toBe(401);
    expect((await updateProfile(other, session)).statusCode).toBe(401);
    await waitFor(
      async () => ((await updateProfile(t, rotated)).statusCode === 401 ? true : undefined),
      WITHIN_MS,
      'the first instance to refuse the reused family',
    );
  });

  it('ends the other sign-ins on a password change, and keeps the one that changed it', async () => {
    const session = await signUpAndConfirm(t.app, t.dataSource);
    const elsewhere = await login(session.user.email);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(session),
      payload: { current_password: PASSWORD, new_password: 'a brand new passphrase' },
    });
    expect(changed.statusCode).toBe(204);

    expect((await updateProfile(t, elsewhere)).statusCode).toBe(401);
    await refusedByOther(elsewhere);
    expect((await updateProfile(t, session)).statusCode).toBe(200);
    expect((await updateProfile(other, session)).statusCode).toBe(200);
  });

  it('ends every earlier sign-in on a password reset', async () => {
    const session = await signUpAndConfirm(t.app, t.dataSource);
    const second = await login(session.user.email);
    await post(t.app, '/api/auth/recover', { email: session.user.email });
    const token = await tokenFromOutbox(t.dataSource, session.user.email, 'password-reset');
    const reset = await post(other.app, '/api/auth/reset-password', {
      token,
      password: 'the reset passphrase',
    });
    expect(reset.statusCode).toBe(200);

    for (const ended of [session, second]) {
      expect((await updateProfile(other, ended)).statusCode).toBe(401);
      await waitFor(
        async () => ((await updateProfile(t, ended)).statusCode === 401 ? true : undefined),
        WITHIN_MS,
        'the first instance to refuse a sign-in ended by the reset',
      );
    }
    expect((await updateProfile(t, reset.json())).statusCode).toBe(200);
  });

  it('remembers ended sign-ins across a restart', async () => {
    const session = await signUpAndConfirm(t.app, t.dataSource);
    await post(t.app, '/api/auth/logout', { refresh_token: session.refresh_token });
    const restarted = await startTestApp({ env });
    try {
      expect((await updateProfile(restarted, session)).statusCode).toBe(401);
      const live = await login(session.user.email);
      expect((await updateProfile(restarted, live)).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('catches up on what it missed while its listening connection was down', async () => {
    const session = await signUpAndConfirm(t.app, t.dataSource);
    const [{ count }] = await t.dataSource.query(
      `SELECT count(*)::int AS count FROM (
         SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = 'leadpulse-sessions' AND datname = current_database()
       ) terminated`,
    );
    expect(count).toBe(2);
    // Ended while neither instance was listening.
    await post(t.app, '/api/auth/logout', { refresh_token: session.refresh_token });

    await waitFor(
      async () => ((await updateProfile(other, session)).statusCode === 401 ? true : undefined),
      5_000,
      'the other instance to reconnect and read the sign-ins ended meanwhile',
    );
    // And it listens again: a later end reaches it by notification.
    await waitFor(
      async () => {
        const [{ listening }] = await t.dataSource.query(
          `SELECT count(*)::int AS listening FROM pg_stat_activity
            WHERE application_name = 'leadpulse-sessions' AND datname = current_database()
              AND query LIKE 'LISTEN %'`,
        );
        return listening === 2 ? true : undefined;
      },
      5_000,
      'both instances listening again',
    );
    const later = await login(session.user.email);
    await post(t.app, '/api/auth/logout', { refresh_token: later.refresh_token });
    await refusedByOther(later);
  }, 15_000);

  it('keeps refusing an administrator whose is_admin was removed', async () => {
    const session = await signUpAndConfirm(t.app, t.dataSource);
    await makeAdmin(t.dataSource, session.user.email);
    expect((await exportUsers(other, session)).statusCode).toBe(200);
    await t.dataSource.query(`UPDATE users SET is_admin = false WHERE email = $1`, [
      session.user.email,
    ]);
    expect((await exportUsers(other, session)).statusCode).toBe(403);
  });
});
