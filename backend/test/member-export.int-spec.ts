import { bearer, signUpAndConfirm, uniqueEmail, type SessionBody } from './support/accounts.js';
import { startAppWithSandbox, type AppWithSandbox } from './support/sandbox.js';
import { resetDatabase } from './support/test-app.js';
import { waitFor } from './support/wait.js';
import { UserEntity } from '../src/users/user.entity.js';

describe('Download my data (GET /api/me/export)', () => {
  let env: AppWithSandbox;
  const call = (method: 'GET' | 'POST', url: string, session: SessionBody, payload?: object) =>
    env.t.app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    env = await startAppWithSandbox({ RATE_LIMIT_EXPORT: '3' });
    await resetDatabase(env.t.dataSource);
  }, 30_000);
  afterAll(() => env.close());

  it('hands a member their profile, subscription, payments, e-mails and activity, and nobody else’s', async () => {
    const member = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('export'));
    const stranger = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('stranger'));
    // The member pays for a plan, then cancels it with a reason (an entry about them).
    const checkout = await call('POST', '/api/billing/checkout', member, { plan: 'prospector' });
    const paid = await fetch(`${checkout.json().url as string}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await waitFor(async () => {
      const row = await env.t.dataSource
        .getRepository(UserEntity)
        .findOneByOrFail({ email: member.user.email });
      const [payment] = await env.t.dataSource.query(
        `SELECT 1 FROM transactions WHERE user_id = $1`,
        [row.id],
      );
      return row.subscription_status === 'active' && payment ? true : undefined;
    }, 20_000);
    expect(
      (await call('POST', '/api/me/subscription/cancel', member, { reason: 'not_using' }))
        .statusCode,
    ).toBe(200);

    const answer = await call('GET', '/api/me/export', member);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="leadpulse-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(answer.headers['cache-control']).toBe('no-store');
    const data = answer.json();
    expect(data.profile).toMatchObject({
      email: member.user.email,
      subscription_plan: 'prospector',
    });
    expect(data.profile).not.toHaveProperty('id');
    expect(data.profile).not.toHaveProperty('auth_user_id');
    expect(data.preferences).toHaveProperty('notifications');
    expect(data.subscriptions).toEqual([
      expect.objectContaining({
        plan_name: 'prospector',
        status: 'active',
        amount_cents: 7_500,
        cancel_at_period_end: true,
      }),
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({ amount_cents: 7_500, status: expect.any(String) }),
    ]);
    expect(data.emails.map((email: { template: string }) => email.template)).toEqual(
      expect.arrayContaining(['confirm-email', 'subscription-cancelled']),
    );
    expect(data.activity).toEqual([
      expect.objectContaining({ action: 'member_cancel_subscription', by: 'you' }),
    ]);
    // Nothing of the other member, not even their address.
    expect(answer.body).not.toContain(stranger.user.email);
    const theirs = (await call('GET', '/api/me/export', stranger)).json();
    expect(theirs.profile.email).toBe(stranger.user.email);
    expect(JSON.stringify(theirs)).not.toContain(member.user.email);
  }, 120_000);

  it('is limited per account, however many downloads run at once', async () => {
    const member = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('limit'));
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('GET', '/api/me/export', member)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account has its own allowance.
    const other = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('limit'));
    expect((await call('GET', '/api/me/export', other)).statusCode).toBe(200);
  }, 60_000);

  it('needs a signed-in member', async () => {
    expect((await env.t.app.inject({ method: 'GET', url: '/api/me/export' })).statusCode).toBe(401);
  });
});
