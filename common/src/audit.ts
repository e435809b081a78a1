/** Back-office permissions and the audit trail's actions (one catalogue for the API and the admin). */
import { labelOf } from './display.js';

/** Permissions a role can grant; every back-office write needs one of them. */
export const ROLE_PERMISSIONS = [
  'manage_users',
  'manage_billing',
  'manage_promotions',
  'manage_newsletter',
  'manage_roles',
  'replay_webhooks',
  'view_health',
] as const;
export type Permission = (typeof ROLE_PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<Permission, string> = {
  manage_users: 'Manage users',
  manage_billing: 'Manage billing',
  manage_promotions: 'Manage promotions',
  manage_newsletter: 'Manage newsletter',
  manage_roles: 'Manage roles',
  replay_webhooks: 'Replay webhooks',
  view_health: 'View health',
};

/** The built-in role that holds every permission and cannot be deleted or left without members. */
export const OWNER_ROLE = 'Owner';

export const FORBIDDEN_MESSAGE = 'You do not have permission to do this.';

/**
 * Every action the audit trail records, with its label and the permission a back-office write
 * of that kind needs. System actions (scheduled repairs) and a member's own need none: no
 * administrator makes them; a member's own are marked `by: 'member'`.
 */
export const AUDIT_ACTIONS = {
  create_user: { label: 'User created', permission: 'manage_users' },
  update_user: { label: 'User updated', permission: 'manage_users' },
  send_welcome_email: { label: 'Welcome email sent', permission: 'manage_users' },
  send_password_reset: { label: 'Password reset sent', permission: 'manage_users' },
  resend_email: { label: 'Email resent', permission: 'manage_users' },
  recover_customer: { label: 'Customer recovered', permission: 'manage_users' },
  suspend_user: { label: 'User suspended', permission: 'manage_users' },
  reactivate_user: { label: 'User reactivated', permission: 'manage_users' },
  password_setup_link: { label: 'Password link created', permission: 'manage_users' },
  reset_mfa: { label: 'Two-step verification reset', permission: 'manage_users' },
  set_user_roles: { label: 'Roles changed', permission: 'manage_roles' },
  create_role: { label: 'Role created', permission: 'manage_roles' },
  update_role: { label: 'Role edited', permission: 'manage_roles' },
  delete_role: { label: 'Role deleted', permission: 'manage_roles' },
  apply_promo: { label: 'Promo applied', permission: 'manage_promotions' },
  remove_promo: { label: 'Promo removed', permission: 'manage_promotions' },
  create_promotion: { label: 'Promotion created', permission: 'manage_promotions' },
  update_promotion: { label: 'Promotion edited', permission: 'manage_promotions' },
  toggle_promotion: { label: 'Promotion turned on or off', permission: 'manage_promotions' },
  grant_complimentary_access: {
    label: 'Complimentary access granted',
    permission: 'manage_billing',
  },
  process_refund: { label: 'Refund processed', permission: 'manage_billing' },
  change_subscription: { label: 'Plan changed', permission: 'manage_billing' },
  cancel_subscription: { label: 'Subscription cancelled', permission: 'manage_billing' },
  reactivate_subscription: { label: 'Subscription reactivated', permission: 'manage_billing' },
  update_billing: { label: 'Billing information updated', permission: 'manage_billing' },
  stripe_sync: { label: 'Synced with Stripe', permission: 'manage_billing' },
  sync_payment_history: { label: 'Payment history synced', permission: 'manage_billing' },
  run_reconciliation: { label: 'Reconciliation run', permission: 'manage_billing' },
  add_subscriber: { label: 'Subscriber added', permission: 'manage_newsletter' },
  import_subscribers: { label: 'Subscribers imported', permission: 'manage_newsletter' },
  unsubscribe: { label: 'Subscriber unsubscribed', permission: 'manage_newsletter' },
  resubscribe: { label: 'Subscriber resubscribed', permission: 'manage_newsletter' },
  replay_webhook: { label: 'Stripe event replayed', permission: 'replay_webhooks' },
  // A member's own changes, from Settings → Subscription (the member is the one who acted).
  member_cancel_subscription: { label: 'Cancelled by the member', permission: null, by: 'member' },
  member_resume_subscription: { label: 'Resumed by the member', permission: null, by: 'member' },
  member_delete_account: {
    label: 'Account deleted by the member',
    permission: null,
    by: 'member',
  },
  member_pay_invoice: {
    label: 'Overdue invoice paid by the member',
    permission: null,
    by: 'member',
  },
  end_complimentary_access: { label: 'Complimentary access ended', permission: null },
  end_promo: { label: 'Promo ended', permission: null },
  reconcile_checkout: { label: 'Checkout repaired', permission: null },
  reconcile_customer: { label: 'Customer repaired', permission: null },
  reconcile_subscription: { label: 'Subscription repaired', permission: null },
} as const satisfies Record<
  string,
  { label: string; permission: Permission | null; by?: 'member' }
>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
/** Actions an administrator takes (each one a back-office write with its permission). */
export type AdminWriteAction = {
  [A in AuditAction]: (typeof AUDIT_ACTIONS)[A]['permission'] extends null ? never : A;
}[AuditAction];

export const AUDIT_ACTION_IDS = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** A change a member makes to their own account: the one who acted is the member, not an administrator. */
export function isMemberAction(type: string): boolean {
  const known = (AUDIT_ACTIONS as Record<string, { by?: 'member' }>)[type];
  return known?.by === 'member';
}

/**
 * Who acted, as the activity lists name them: "Grace Hopper (member)" for a member's own change
 * ("The member" once their row is gone and the trail reads "System").
 */
export function auditActorName(entry: { admin_name: string; type: string }): string {
  if (!isMemberAction(entry.type)) return entry.admin_name;
  return entry.admin_name === 'System' ? 'The member' : `${entry.admin_name} (member)`;
}

/** "Refund processed" for `process_refund`; an unknown type reads as words. */
export function auditActionLabel(type: string): string {
  const known = (AUDIT_ACTIONS as Record<string, { label: string }>)[type];
  return known ? known.label : type.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/** The permission a back-office write of this kind needs. */
export function permissionFor(action: AdminWriteAction): Permission {
  return AUDIT_ACTIONS[action].permission;
}

export type AuditOutcome = 'success' | 'refused';

/** Fields that say nothing to a reader of the audit log. */
const INTERNAL_FIELD = /(^id$|_id$|^id_|idempotency|request_id|token|hash)/;

export interface AuditChange {
  field: string;
  old: unknown;
  new: unknown;
}

/** A changed field's name as a label: "promo_expiration_date" reads "Promo expiration date". */
export function auditFieldLabel(field: string): string {
  return labelOf(field.replace(/_cents$/, ''));
}

/** The fields whose value changed between an audit row's old and new values, internal ones left out. */
export function auditChanges(
  oldValues: Record<string, unknown> | null | undefined,
  newValues: Record<string, unknown> | null | undefined,
): AuditChange[] {
  const fields = new Set([...Object.keys(oldValues ?? {}), ...Object.keys(newValues ?? {})]);
  return [...fields]
    .filter((field) => !INTERNAL_FIELD.test(field))
    .map((field) => ({ field, old: oldValues?.[field] ?? null, new: newValues?.[field] ?? null }))
    .filter((change) => JSON.stringify(change.old) !== JSON.stringify(change.new));
}

/** An entry of the Audit Log (`GET /api/admin/admin-actions`); dates are strings on the wire. */
export interface AuditEntry<TDate = string> {
  id: string;
  created_at: TDate;
  action_type: string;
  action_label: string;
  outcome: AuditOutcome;
  description: string;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
  admin_id: string | null;
  admin_name: string;
  admin_email: string | null;
  target_user_id: string | null;
  target_email: string | null;
}

export interface RoleRef {
  id: string;
  name: string;
}

/** The signed-in administrator (`GET /api/admin/identity`). */
export interface AdminIdentity {
  id: string;
  email: string;
  name: string;
  roles: RoleRef[];
  permissions: Permission[];
}
