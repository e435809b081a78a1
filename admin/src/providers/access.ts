import { AUDIT_ACTIONS, type Permission } from '@leadpulse/common';

/** react-admin's read actions: every administrator may read every screen. */
const READS = new Set(['list', 'show', 'export']);

/** The permission behind a resource's own writes (create, edit, delete, and e.g. replay). */
const RESOURCE_PERMISSIONS: Record<string, Permission> = {
  users: 'manage_users',
  emails: 'manage_users',
  promotions: 'manage_promotions',
  roles: 'manage_roles',
  newsletter: 'manage_newsletter',
  subscriptions: 'manage_billing',
  'stripe-events': 'replay_webhooks',
};

export interface AccessRequest {
  action: string;
  resource: string;
  record?: { is_owner?: boolean } & Record<string, unknown>;
}

/**
 * What an action needs: nothing (a read), one permission, or 'never' (the built-in Owner role,
 * the read-only screens, and the system's own repairs). An action named after an audit action
 * (`process_refund`) needs that action's permission, as the API checks it.
 */
export function permissionNeeded({
  action,
  resource,
  record,
}: AccessRequest): Permission | null | 'never' {
  if (READS.has(action)) return null;
  if (resource === 'roles' && record?.is_owner) return 'never';
  if (Object.hasOwn(AUDIT_ACTIONS, action))
    return AUDIT_ACTIONS[action as keyof typeof AUDIT_ACTIONS].permission ?? 'never';
  return RESOURCE_PERMISSIONS[resource] ?? 'never';
}

/** Whether an administrator holding these permissions may take the action. */
export function allows(permissions: readonly Permission[], request: AccessRequest): boolean {
  const needed = permissionNeeded(request);
  return needed === null || (needed !== 'never' && permissions.includes(needed));
}
