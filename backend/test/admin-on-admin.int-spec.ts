import { randomUUID } from 'node:crypto';
import { AUDIT_ACTIONS, type AdminWriteAction, type Permission } from '@leadpulse/common';
import { EmailEntity } from '../src/mail/email.entity.js';
import { bearer, makeAdmin, type SessionBody } from './support/accounts.js';
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

/** What an administrator's account carries for the actions below to name. */
interface Target extends Admin {
  roleIds: string[];
  subscriptionId: string;
  emailId: string;
}

interface Action {
  action: AdminWriteAction;
  method: 'POST' | 'PUT' | 'DELETE';
  url: (target: Target) => string;
  payload?: (target: Target) => object;
  /** What the write answers when it is allowed (an administrator's account has no billing). */
  allowed: number;
}

const user = (path: string) => (target: Target) => `/api/admin/users/${target.id}${path}`;

/**
 * Every back-office write on a user's account, aimed at an administrator's. The demotion comes
 * last: once it is done, the account is no longer an administrator's.
 */
const ACTIONS: Action[] = [
  {
    action: 'update_user',
    method: 'PUT',
    url: user(''),
    payload: () => ({ company: `Matrix ${randomUUID().slice(0, 8)}` }),
    allowed: 200,
  },
  {
    action: 'suspend_user',
    method: 'POST',
    url: user('/suspend'),
    payload: () => ({ reason: 'Matrix' }),
    allowed: 200,
  },
  { action: 'reactivate_user', method: 'POST', url: user('/reactivate'), allowed: 200 },
  { action: 'send_welcome_email', method: 'POST', url: user('/welcome-email'), allowed: 409 },
  { action: 'send_password_reset', method: 'POST', url: user('/password-reset'), allowed: 200 },
  { action: 'reset_mfa', method: 'DELETE', url: user('/mfa'), allowed: 409 },
  {
    action: 'set_user_roles',
    method: 'PUT',
    url: user('/roles'),
    payload: (x) => ({ role_ids: x.roleIds }),
    allowed: 200,
  },
  {
    action: 'apply_promo',
    method: 'POST',
    url: user('/promo'),
    payload: () => ({ type: 'early_adopter', duration_days: 30 }),
    allowed: 200,
  },
  { action: 'remove_promo', method: 'DELETE', url: user('/promo'), allowed: 200 },
  {
    action: 'grant_complimentary_access',
    method: 'POST',
    url: user('/complimentary'),
    payload: () => ({ type: 'networker', duration_days: 14 }),
    allowed: 200,
  },
  { action: 'sync_payment_history', method: 'POST', url: user('/payments/sync'), allowed: 409 },
  {
    action: 'update_billing',
    method: 'PUT',
    url: user('/billing'),
    payload: () => ({ billing_name: `Matrix ${randomUUID().slice(0, 8)}` }),
    allowed: 200,
  },
  { action: 'stripe_sync', method: 'POST', url: user('/stripe-sync'), allowed: 409 },
  {
    action: 'process_refund',
    method: 'POST',
    url: user('/refunds'),
    payload: () => ({
      transaction_id: randomUUID(),
      reason: 'requested_by_customer',
      request_id: randomUUID(),
    }),
    allowed: 404,
  },
  {
    action: 'change_subscription',
    method: 'POST',
    url: user('/subscription'),
    payload: () => ({ plan: 'rainmaker', request_id: randomUUID() }),
    allowed: 409,
  },
  {
    action: 'cancel_subscription',
    method: 'POST',
    url: (x) => `/api/admin/subscriptions/${x.subscriptionId}/cancel`,
    payload: () => ({ at_period_end: true }),
    allowed: 502,
  },
  {
    action: 'reactivate_subscription',
    method: 'POST',
    url: (x) => `/api/admin/subscriptions/${x.subscriptionId}/reactivate`,
    allowed: 409,
  },
  {
    action: 'resend_email',
    method: 'POST',
    url: (x) => `/api/admin/emails/${x.emailId}/resend`,
    allowed: 200,
  },
  {
    action: 'password_setup_link',
    method: 'POST',
    url: () => '/api/admin/recovery/password-link',
    payload: (x) => ({ email: x.email }),
    allowed: 200,
  },
  {
    action: 'recover_customer',
    method: 'POST',
    url: () => '/api/admin/recovery/recover',
    payload: (x) => ({ email: x.email }),
    allowed: 404,
  },
  {
    action: 'update_user',
    method: 'PUT',
    url: user(''),
    payload: () => ({ is_admin: false }),
    allowed: 200,
  },
];

/** The rule, written out for the test: only an Owner acts on an Owner; others need every permission. */
function mayActOn(actor: Admin, target: Admin): boolean {
  if (actor.owner) return true;
  return !target.owner && target.permissions.every((p) => actor.permissions.includes(p));
}

describe('acting on administrators: every pair of permission sets × every write on an account', () => {
  let t: TestApp;
  const targets: Target[] = [];

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
    const sets: [string, Permission[]][] = [
      [
        'Everything',
        [
          'manage_users',
          'manage_billing',
          'manage_promotions',
          'manage_newsletter',
          'manage_roles',
          'replay_webhooks',
          'view_health',
        ],
      ],
      ['Support', ['manage_users']],
      ['Billing', ['manage_billing']],
      ['Lead', ['manage_users', 'manage_roles']],
    ];
    for (const [name, permissions] of sets) await roleGranting(t, name, permissions);
    const admins = [
      await adminHolding(t, 'Owner', ['Owner'], []),
      await adminHolding(t, 'Second Owner', ['Owner'], []),
      ...(await Promise.all(
        sets.map(([name, permissions]) => adminHolding(t, name, [name], permissions)),
      )),
    ];
    await turnOnTwoStep(t, await sessionOf(t, admins[0]));
    const owner = await sessionOf(t, admins[1]);
    for (const admin of admins) {
      const [{ id: subscriptionId }] = (await t.dataSource.query(
        `INSERT INTO subscriptions (stripe_subscription_id, stripe_customer_id, user_id, plan_name, plan_type, status, amount_cents)
         VALUES ($1, $2, $3, 'Prospector', 'monthly', 'active', 7500) RETURNING id`,
        [`sub_matrix_${randomUUID()}`, `cus_matrix_${randomUUID()}`, admin.id],
      )) as { id: string }[];
      // An e-mail of theirs to resend.
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${admin.id}/password-reset`,
        headers: bearer(owner),
      });
      const email = await t.dataSource
        .getRepository(EmailEntity)
        .findOneByOrFail({ to_email: admin.email, template: 'password-reset' });
      const roleIds = (
        (await t.dataSource.query(`SELECT role_id FROM admin_roles WHERE user_id = $1`, [
          admin.id,
        ])) as { role_id: string }[]
      ).map((row) => row.role_id);
      targets.push({ ...admin, roleIds, subscriptionId, emailId: email.id });
    }
  }, 60_000);
  afterAll(() => t.close());

  /** Puts the account back as it was: an administrator, active, with its roles. */
  const restore = async (target: Target) => {
    await makeAdmin(t.dataSource, target.email, target.roles);
    await t.dataSource.query(
      `UPDATE users SET status = 'active', suspended_at = NULL, suspension_reason = NULL, status_before_suspension = NULL WHERE id = $1`,
      [target.id],
    );
  };

  it('refuses and records every write on an administrator whose permissions the actor does not all hold, and tells the holder of every allowed one', async () => {
    expect(await hasTwoStep(t, targets[0].accountId)).toBe(true);
    const pairs = targets.flatMap((actor) =>
      targets.filter((target) => target !== actor).map((target) => ({ actor, target })),
    );
    // The second Owner resets the first's two-step verification: last, so every other pair meets it on.
    pairs.sort(
      (a, b) =>
        Number(a.actor === targets[1] && a.target === targets[0]) -
        Number(b.actor === targets[1] && b.target === targets[0]),
    );
    const seen: unknown[] = [];
    const expected: unknown[] = [];
    for (const { actor, target } of pairs) {
      const session: SessionBody = await sessionOf(t, actor);
      for (const step of ACTIONS) {
        const permission = AUDIT_ACTIONS[step.action].permission as Permission;
        const allowed = actor.permissions.includes(permission) && mayActOn(actor, target);
        const mark = await auditMark(t);
        const notices = await emailsTo(t, target.email, 'admin-account-notice');
        const url = step.url(target);
        const answer = await t.app.inject({
          method: step.method,
          url,
          headers: bearer(session),
          ...(step.payload ? { payload: step.payload(target) } : {}),
        });
        const rows = await auditRowsSince(t, mark);
        const key = `${actor.label} → ${target.label}: ${step.method} ${url.replace(target.id, ':id')}`;
        const status =
          step.action === 'reset_mfa' && actor.owner && target === targets[0] ? 204 : step.allowed;
        seen.push({
          key,
          status: answer.statusCode,
          refused: rows
            .filter((row) => row.outcome === 'refused')
            .map(({ description: _, ...row }) => row),
          notices: (await emailsTo(t, target.email, 'admin-account-notice')) - notices,
          url: answer.statusCode < 300 && /passwordSetupUrl/.test(answer.body),
        });
        expected.push({
          key,
          status: allowed ? status : 403,
          refused: allowed
            ? []
            : [
                {
                  action_type: step.action,
                  outcome: 'refused',
                  admin_id: actor.id,
                  target_user_id:
                    url.startsWith('/api/admin/users/') || actor.permissions.includes(permission)
                      ? target.id
                      : null,
                },
              ],
          notices: allowed && status < 300 ? 1 : 0,
          url: false,
        });
      }
      await restore(target);
    }
    expect(seen).toEqual(expected);
  }, 300_000);
});
