import { Secret, TOTP } from 'otpauth';
import { ROLE_PERMISSIONS, type Permission } from '@leadpulse/common';
import { AuthAccountEntity } from '../../src/auth/auth-account.entity.js';
import { SessionsService } from '../../src/auth/sessions.service.js';
import { UserEntity } from '../../src/users/user.entity.js';
import { bearer, makeAdmin, signUpAndConfirm, uniqueEmail, type SessionBody } from './accounts.js';
import type { TestApp } from './test-app.js';

/** An administrator of a test: who they are, the roles they hold, and what those grant. */
export interface Admin {
  label: string;
  email: string;
  id: string;
  accountId: string;
  roles: string[];
  owner: boolean;
  permissions: Permission[];
}

/** A role granting exactly these permissions, made in the database (as the seed makes them). */
export async function roleGranting(t: TestApp, name: string, permissions: Permission[]) {
  const [role] = (await t.dataSource.query(
    `INSERT INTO roles (name, description, permissions) VALUES ($1, '', $2::jsonb)
     ON CONFLICT (name) DO UPDATE SET permissions = EXCLUDED.permissions RETURNING id`,
    [name, JSON.stringify(Object.fromEntries(permissions.map((p) => [p, true])))],
  )) as { id: string }[];
  return role.id;
}

/** Signs up an administrator holding the named roles (the role list gives their permissions). */
export async function adminHolding(
  t: TestApp,
  label: string,
  roles: string[],
  permissions: Permission[],
): Promise<Admin> {
  const email = uniqueEmail(label.toLowerCase().replace(/\W+/g, '-'));
  await signUpAndConfirm(t.app, t.dataSource, email, undefined, `${label} Admin`);
  await makeAdmin(t.dataSource, email, roles);
  const user = await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email });
  const owner = roles.includes('Owner');
  return {
    label,
    email,
    id: user.id,
    accountId: user.auth_user_id!,
    roles,
    owner,
    permissions: owner ? [...ROLE_PERMISSIONS] : permissions,
  };
}

/** A new sign-in of the administrator (earlier ones may have ended with a suspension). */
export async function sessionOf(t: TestApp, admin: Admin): Promise<SessionBody> {
  const account = await t.dataSource
    .getRepository(AuthAccountEntity)
    .findOneByOrFail({ id: admin.accountId });
  return (await t.app
    .get(SessionsService)
    .start(t.dataSource.manager, account)) as unknown as SessionBody;
}

/** Turns two-step verification on for the holder of this sign-in. */
export async function turnOnTwoStep(t: TestApp, session: SessionBody): Promise<void> {
  const enrol = await t.app.inject({
    method: 'POST',
    url: '/api/auth/mfa/totp/enroll',
    headers: bearer(session),
  });
  const { factor_id, secret } = enrol.json() as { factor_id: string; secret: string };
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/auth/mfa/totp/verify',
    headers: bearer(session),
    payload: { factor_id, code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() },
  });
  if (verified.statusCode !== 200) throw new Error(`two-step enrolment failed: ${verified.body}`);
}

/** Whether the account has a verified two-step factor. */
export async function hasTwoStep(t: TestApp, accountId: string): Promise<boolean> {
  const rows = (await t.dataSource.query(
    `SELECT 1 FROM mfa_factors WHERE auth_account_id = $1 AND verified_at IS NOT NULL`,
    [accountId],
  )) as unknown[];
  return rows.length > 0;
}

/** How many e-mails of a template went to an address. */
export async function emailsTo(t: TestApp, to: string, template: string): Promise<number> {
  const [{ count }] = (await t.dataSource.query(
    `SELECT count(*)::int AS count FROM emails WHERE to_email = $1 AND template = $2`,
    [to, template],
  )) as { count: number }[];
  return count;
}

/** The ids of every audit row so far, to tell the rows a request adds. */
export async function auditMark(t: TestApp): Promise<string[]> {
  return ((await t.dataSource.query(`SELECT id FROM admin_actions`)) as { id: string }[]).map(
    (row) => row.id,
  );
}

/** The audit rows recorded since the mark, oldest first. */
export async function auditRowsSince(t: TestApp, mark: string[]) {
  return (await t.dataSource.query(
    `SELECT action_type, outcome, admin_id, target_user_id, details->>'description' AS description
       FROM admin_actions WHERE NOT (id = ANY($1::uuid[])) ORDER BY created_at, id`,
    [mark],
  )) as {
    action_type: string;
    outcome: string;
    admin_id: string;
    target_user_id: string | null;
    description: string;
  }[];
}
