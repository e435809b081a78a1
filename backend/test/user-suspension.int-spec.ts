import { AdminActionEntity } from '../src/audit/admin-action.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import {
  bearer,
  makeAdmin,
  post,
  signUpAdmin,
  signUpAndConfirm,
  tokenFromOutbox,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

const PASSWORD = 'correct horse battery staple';
const SUSPENDED = 'Your account has been suspended. Please contact support.';

describe('suspending and reactivating a user from the back office', () => {
  let t: TestApp;
  let owner: SessionBody;
  const users = () => t.dataSource.getRepository(UserEntity);
  const call = (method: 'GET' | 'POST', url: string, session?: SessionBody, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: session ? bearer(session) : {},
      ...(payload ? { payload } : {}),
    });
  const login = (email: string) => post(t.app, '/api/auth/login', { email, password: PASSWORD });
  const member = async () => {
    const session = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('suspend'), PASSWORD);
    return { session, id: (await users().findOneByOrFail({ email: session.user.email })).id };
  };

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
    owner = await signUpAdmin(t.app, t.dataSource, uniqueEmail('owner'));
  }, 30_000);
  afterAll(() => t.close());

  it('ends every sign-in at once, refuses every way back in, and is audited with its reason', async () => {
    const { session, id } = await member();
    const other = (await login(session.user.email)).json() as SessionBody;

    const suspended = await call('POST', `/api/admin/users/${id}/suspend`, owner, {
      reason: '  Chargeback under review  ',
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({
      status: 'suspended',
      display_status: 'Suspended',
      suspension_reason: 'Chargeback under review',
    });

    // Both sign-ins are over: access tokens refused, refresh tokens dead.
    for (const signIn of [session, other]) {
      expect((await call('GET', '/api/me', signIn)).statusCode).toBe(401);
      const refreshed = await post(t.app, '/api/auth/refresh', {
        refresh_token: signIn.refresh_token,
      });
      expect(refreshed.statusCode).toBe(401);
    }
    // The right password says why; a wrong one says nothing more than usual.
    const refused = await login(session.user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      statusCode: 403,
      code: 'account_suspended',
      message: SUSPENDED,
    });
    const wrong = await post(t.app, '/api/auth/login', {
      email: session.user.email,
      password: 'not the password at all',
    });
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
    // A password reset link is no way around it.
    expect(
      (await post(t.app, '/api/auth/recover', { email: session.user.email })).statusCode,
    ).toBeLessThan(300);
    const token = await tokenFromOutbox(t.dataSource, session.user.email, 'password-reset');
    const reset = await post(t.app, '/api/auth/reset-password', {
      token,
      password: 'another long passphrase 7',
    });
    expect(reset.json()).toMatchObject({ code: 'account_suspended' });

    const [entry] = await t.dataSource.getRepository(AdminActionEntity).findBy({
      target_user_id: id,
      action_type: 'suspend_user',
    });
    expect(entry.details).toMatchObject({
      description: `Suspended ${session.user.email}: Chargeback under review`,
      old_values: { status: 'active' },
      new_values: { status: 'suspended', suspension_reason: 'Chargeback under review' },
    });

    // Reactivated, the status is back and the password works again.
    const reactivated = await call('POST', `/api/admin/users/${id}/reactivate`, owner);
    expect(reactivated.json()).toMatchObject({ status: 'active', suspension_reason: null });
    expect((await login(session.user.email)).statusCode).toBe(200);
    expect(
      await t.dataSource
        .getRepository(AdminActionEntity)
        .countBy({ target_user_id: id, action_type: 'reactivate_user' }),
    ).toBe(1);
  });

  it('refuses what makes no sense, and needs manage_users', async () => {
    const { id } = await member();
    const suspend = (session: SessionBody, userId: string, payload: object) =>
      call('POST', `/api/admin/users/${userId}/suspend`, session, payload);
    expect((await suspend(owner, id, { reason: '   ' })).json()).toMatchObject({
      code: 'validation_failed',
    });
    expect((await suspend(owner, id, {})).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/users/${id}/reactivate`, owner)).json()).toMatchObject({
      code: 'not_suspended',
    });
    const ownId = (await users().findOneByOrFail({ email: owner.user.email })).id;
    expect((await suspend(owner, ownId, { reason: 'test' })).json()).toMatchObject({
      code: 'cannot_suspend_self',
    });
    // Two administrators at once: one suspension, one 409.
    const answers = await Promise.all([
      suspend(owner, id, { reason: 'first' }),
      suspend(owner, id, { reason: 'second' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    // An edit cannot set the status around the action.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${ownId}`,
      headers: bearer(owner),
      payload: { status: 'suspended' },
    });
    expect(edit.statusCode).toBe(400);
    // Nor lift a suspension around Reactivate: the status stays, with its date and reason.
    for (const status of ['active', 'pending', 'inactive', 'paid']) {
      const lifted = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${id}`,
        headers: bearer(owner),
        payload: { status, first_name: 'Renamed' },
      });
      expect(lifted.json()).toEqual({
        statusCode: 409,
        code: 'user_suspended',
        message:
          'This user is suspended: Reactivate lifts the suspension and puts back their status.',
      });
    }
    const still = await users().findOneByOrFail({ id });
    expect(still).toMatchObject({
      status: 'suspended',
      first_name: expect.not.stringMatching(/^Renamed$/),
    });
    expect(still.suspended_at).toBeInstanceOf(Date);
    // Other fields of a suspended user stay editable, the whole record sent back included.
    const record = (await call('GET', `/api/admin/users/${id}`, owner)).json() as object;
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${id}`,
      headers: bearer(owner),
      payload: { ...record, first_name: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ first_name: 'Renamed', status: 'suspended' });
    // Without manage_users: 403, recorded as refused.
    const viewer = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('viewer'), PASSWORD);
    await makeAdmin(t.dataSource, viewer.user.email, []);
    const readOnly = (await login(viewer.user.email)).json() as SessionBody;
    expect((await call('POST', `/api/admin/users/${id}/reactivate`, readOnly)).statusCode).toBe(
      403,
    );
    expect((await users().findOneByOrFail({ id })).status).toBe('suspended');
  });
});
