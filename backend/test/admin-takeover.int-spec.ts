import { FORBIDDEN_MESSAGE } from '@leadpulse/common';
import { EmailEntity } from '../src/mail/email.entity.js';
import { RoleEntity } from '../src/roles/role.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import {
  bearer,
  newestEmail,
  signUpAndConfirm,
  tokenFromOutbox,
  uniqueEmail,
} from './support/accounts.js';
import {
  adminHolding,
  auditMark,
  auditRowsSince,
  emailsTo,
  hasTwoStep,
  roleGranting,
  sessionOf,
  turnOnTwoStep,
  type Admin,
} from './support/admins.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

const FORBIDDEN = { statusCode: 403, code: 'forbidden', message: FORBIDDEN_MESSAGE };

describe('no administrator takes over another account or grants themselves more', () => {
  let t: TestApp;
  let owner: Admin;
  let secondOwner: Admin;
  let support: Admin;
  let lead: Admin;
  const roleIds: Record<string, string> = {};
  const call = async (
    admin: Admin,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: bearer(await sessionOf(t, admin)),
      ...(payload ? { payload } : {}),
    });
  /** Runs a request and answers it with the audit rows it recorded. */
  const audited = async (request: () => ReturnType<typeof call>) => {
    const mark = await auditMark(t);
    const answer = await request();
    const rows = await auditRowsSince(t, mark);
    return { status: answer.statusCode, body: answer.json(), rows };
  };
  const refusedRow = (action: string, actor: Admin, target: string | null) => [
    expect.objectContaining({
      action_type: action,
      outcome: 'refused',
      admin_id: actor.id,
      target_user_id: target,
    }),
  ];
  const rolesOf = async (admin: Admin) =>
    (
      (await t.dataSource.query(
        `SELECT r.name FROM admin_roles ar JOIN roles r ON r.id = ar.role_id
          WHERE ar.user_id = $1 ORDER BY r.name`,
        [admin.id],
      )) as { name: string }[]
    ).map((row) => row.name);

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
    roleIds.Support = await roleGranting(t, 'Support', ['manage_users']);
    roleIds.Billing = await roleGranting(t, 'Billing', ['manage_billing']);
    roleIds.Lead = await roleGranting(t, 'Lead', ['manage_users', 'manage_roles']);
    roleIds.Owner = (
      await t.dataSource.getRepository(RoleEntity).findOneByOrFail({ is_owner: true })
    ).id;
    owner = await adminHolding(t, 'Owner', ['Owner'], []);
    secondOwner = await adminHolding(t, 'Second Owner', ['Owner'], []);
    support = await adminHolding(t, 'Support', ['Support'], ['manage_users']);
    lead = await adminHolding(t, 'Lead', ['Lead'], ['manage_users', 'manage_roles']);
    await turnOnTwoStep(t, await sessionOf(t, owner));
  }, 60_000);
  afterAll(() => t.close());

  it("refuses the Support role every step of taking over an Owner's account, and records each", async () => {
    const ownerUrl = `/api/admin/users/${owner.id}`;
    const tokens = async () =>
      (
        (await t.dataSource.query(
          `SELECT count(*)::int AS n FROM auth_tokens WHERE auth_account_id = $1`,
          [owner.accountId],
        )) as { n: number }[]
      )[0].n;
    const tokensBefore = await tokens();

    // 1. Two-step verification off.
    expect(await audited(() => call(support, 'DELETE', `${ownerUrl}/mfa`))).toEqual({
      status: 403,
      body: FORBIDDEN,
      rows: refusedRow('reset_mfa', support, owner.id),
    });
    expect(await hasTwoStep(t, owner.accountId)).toBe(true);

    // 2. A setup link for the Owner's address, by the recovery route or from the profile.
    expect(
      await audited(() =>
        call(support, 'POST', '/api/admin/recovery/password-link', {
          email: owner.email.toUpperCase(),
        }),
      ),
    ).toEqual({
      status: 403,
      body: FORBIDDEN,
      rows: refusedRow('password_setup_link', support, owner.id),
    });
    for (const path of ['/password-reset', '/welcome-email'])
      expect((await call(support, 'POST', `${ownerUrl}${path}`)).statusCode).toBe(403);
    expect(
      (await call(support, 'POST', '/api/admin/recovery/recover', { email: owner.email }))
        .statusCode,
    ).toBe(403);
    expect(await tokens()).toBe(tokensBefore);

    // 3. The e-mail moved to one Support reads, suspension, demotion.
    for (const [method, url, payload] of [
      ['PUT', ownerUrl, { email: uniqueEmail('attacker') }],
      ['POST', `${ownerUrl}/suspend`, { reason: 'Taking over' }],
      ['PUT', ownerUrl, { is_admin: false }],
    ] as const) {
      const answer = await audited(() => call(support, method, url, payload));
      expect(answer).toMatchObject({ status: 403, body: FORBIDDEN });
      expect(answer.rows).toEqual([
        expect.objectContaining({ outcome: 'refused', admin_id: support.id }),
      ]);
    }
    expect(
      await t.dataSource.getRepository(UserEntity).findOneByOrFail({ id: owner.id }),
    ).toMatchObject({ email: owner.email, status: 'active', is_admin: true });
    expect(await emailsTo(t, owner.email, 'admin-account-notice')).toBe(0);
  });

  it("e-mails an Owner's link to the Owner only, even when another Owner asks, and tells them", async () => {
    const answer = await call(secondOwner, 'POST', '/api/admin/recovery/password-link', {
      email: owner.email,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      success: true,
      sentByEmail: true,
      message: `Password setup link sent by e-mail to ${owner.email}`,
    });
    // The link works for its holder, who still answers the two-step code.
    const token = await tokenFromOutbox(t.dataSource, owner.email, 'password-reset');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a brand new passphrase' },
    });
    expect(reset.json()).toMatchObject({ mfa_required: true });
    const notice = await newestEmail(t.dataSource, owner.email, 'admin-account-notice');
    expect(notice).toMatchObject({
      user_id: owner.id,
      subject: 'An administrator acted on your LeadPulse account',
      data: expect.objectContaining({
        action: 'Password link created',
        adminName: 'Second Owner Admin',
      }),
    });

    // A member's link is still handed to the administrator, to pass on.
    const member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('member'));
    const link = await call(support, 'POST', '/api/admin/recovery/password-link', {
      email: member.user.email,
    });
    expect(link.json()).toEqual({
      success: true,
      passwordSetupUrl: expect.stringMatching(/\/setup-password#token=/),
    });
  });

  it('tells a member whose two-step verification an administrator resets', async () => {
    const member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('two-step'));
    await turnOnTwoStep(t, member);
    const memberId = (
      await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email: member.user.email })
    ).id;
    expect((await call(support, 'DELETE', `/api/admin/users/${memberId}/mfa`)).statusCode).toBe(
      204,
    );
    expect(await newestEmail(t.dataSource, member.user.email, 'mfa-reset')).toMatchObject({
      user_id: memberId,
    });
  });

  it('lets Support make an administrator who holds nothing, never one holding what Support lacks', async () => {
    const created = await call(support, 'POST', '/api/admin/users', {
      first_name: 'New',
      last_name: 'Admin',
      email: uniqueEmail('new-admin'),
      is_admin: true,
    });
    expect(created.statusCode).toBe(201);
    const made = created.json() as { id: string };
    expect(
      await t.dataSource.query(`SELECT 1 FROM admin_roles WHERE user_id = $1`, [made.id]),
    ).toEqual([]);

    // A former Owner keeps the role while not an administrator: making them one again gives it back.
    const former = await adminHolding(t, 'Former Owner', ['Owner'], []);
    await t.dataSource.query(`UPDATE users SET is_admin = false WHERE id = $1`, [former.id]);
    const again = await audited(() =>
      call(support, 'PUT', `/api/admin/users/${former.id}`, { is_admin: true }),
    );
    expect(again).toEqual({
      status: 403,
      body: FORBIDDEN,
      rows: refusedRow('update_user', support, former.id),
    });
    expect(
      (await call(owner, 'PUT', `/api/admin/users/${former.id}`, { is_admin: true })).statusCode,
    ).toBe(200);
    // Being made an administrator is an action on their account they are told of.
    expect(await emailsTo(t, former.email, 'admin-account-notice')).toBe(1);
  });

  it('refuses an administrator who manages roles their own roles, the Owner role, and roles granting what they lack', async () => {
    const grant = (actor: Admin, target: { id: string }, roles: string[]) =>
      audited(() =>
        call(actor, 'PUT', `/api/admin/users/${target.id}/roles`, {
          role_ids: roles.map((name) => roleIds[name]),
        }),
      );
    expect(await grant(lead, lead, ['Owner'])).toEqual({
      status: 403,
      body: FORBIDDEN,
      rows: refusedRow('set_user_roles', lead, lead.id),
    });
    expect(await grant(lead, lead, ['Lead', 'Support'])).toMatchObject({ status: 403 });
    expect(await grant(owner, owner, ['Owner', 'Support'])).toMatchObject({ status: 403 });
    expect(await rolesOf(lead)).toEqual(['Lead']);
    expect(await rolesOf(owner)).toEqual(['Owner']);

    const helper = await adminHolding(t, 'Helper', [], []);
    expect(await grant(lead, helper, ['Owner'])).toEqual({
      status: 403,
      body: FORBIDDEN,
      rows: refusedRow('set_user_roles', lead, helper.id),
    });
    expect(await grant(lead, helper, ['Billing'])).toMatchObject({ status: 403 });
    expect(await rolesOf(helper)).toEqual([]);
    expect(await grant(lead, helper, ['Support'])).toMatchObject({ status: 200 });
    expect(await rolesOf(helper)).toEqual(['Support']);
    // An Owner gives any role, Owner included, to another.
    expect(await grant(owner, helper, ['Owner'])).toMatchObject({ status: 200 });
    expect(await grant(lead, helper, [])).toMatchObject({ status: 403 });
    expect(await rolesOf(helper)).toEqual(['Owner']);
  });

  it('refuses an edit that would give a role a permission the editor lacks, or touches the Owner role or a role the editor holds', async () => {
    const edit = (actor: Admin, role: string, payload: object) =>
      audited(() => call(actor, 'PUT', `/api/admin/roles/${roleIds[role]}`, payload));
    const refused = (actor: Admin) => ({
      status: 403,
      body: FORBIDDEN,
      rows: refusedRow('update_role', actor, null),
    });
    expect(
      await edit(lead, 'Support', { permissions: { manage_users: true, manage_billing: true } }),
    ).toEqual(refused(lead));
    expect(await edit(lead, 'Billing', { description: 'Money' })).toEqual(refused(lead));
    expect(await edit(lead, 'Owner', { description: 'Mine now' })).toEqual(refused(lead));
    expect(await edit(lead, 'Lead', { permissions: { manage_users: true } })).toEqual(
      refused(lead),
    );
    expect(await edit(owner, 'Owner', { description: 'Every permission, mine' })).toEqual(
      refused(owner),
    );
    expect(
      (await t.dataSource.getRepository(RoleEntity).findOneByOrFail({ name: 'Support' }))
        .permissions,
    ).toEqual({ manage_users: true });
    // Within what the editor holds, on a role they do not hold, the edit is made.
    expect(await edit(lead, 'Support', { description: 'Answers customers' })).toMatchObject({
      status: 200,
    });

    const created = await audited(() =>
      call(lead, 'POST', '/api/admin/roles', {
        name: 'Refunds',
        permissions: { manage_billing: true },
      }),
    );
    expect(created).toEqual({
      status: 403,
      body: FORBIDDEN,
      rows: refusedRow('create_role', lead, null),
    });
    expect(await t.dataSource.getRepository(RoleEntity).existsBy({ name: 'Refunds' })).toBe(false);
    const spare = await roleGranting(t, 'Spare billing', ['manage_billing']);
    expect((await call(lead, 'DELETE', `/api/admin/roles/${spare}`)).statusCode).toBe(403);
    expect((await call(owner, 'DELETE', `/api/admin/roles/${spare}`)).statusCode).toBe(200);
  });

  it("sends every notice to the holder's address as it was before the change", async () => {
    const target = await adminHolding(t, 'Renamed', ['Support'], ['manage_users']);
    const moved = uniqueEmail('moved');
    expect(
      (await call(lead, 'PUT', `/api/admin/users/${target.id}`, { email: moved })).statusCode,
    ).toBe(200);
    const notice = await t.dataSource
      .getRepository(EmailEntity)
      .findOneByOrFail({ user_id: target.id, template: 'admin-account-notice' });
    expect(notice.to_email).toBe(target.email);
    expect(notice.data).toMatchObject({ action: 'User updated', adminName: 'Lead Admin' });
  });
});
