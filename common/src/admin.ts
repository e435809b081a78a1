/** Rules and texts of the admin portal (admin-portal.md sections 3 to 5 and 8). */
import { labelOf } from './display.js';

/** Promo types of a user, with the spec's descriptions. */
export const PROMO_TYPES = {
  founding_member: { label: 'Founding Member', description: '3 months for $50' },
  one_week_trial: { label: '1 Week Trial', description: '1 week free' },
  beta_tester: { label: 'Beta Tester', description: '50% off' },
  early_adopter: { label: 'Early Adopter', description: '25% off' },
} as const;
export type PromoType = keyof typeof PROMO_TYPES;
export const PROMO_TYPE_IDS = Object.keys(PROMO_TYPES) as PromoType[];

/** A promo type's label ("one_week_trial" is "1 Week Trial"); an unknown one reads as words. */
export function promoTypeLabel(type: string | null | undefined): string {
  return (type && (PROMO_TYPES as Record<string, { label: string }>)[type]?.label) || labelOf(type);
}

/** The dashboard's promo-type list, as the spec prints it. */
export const DASHBOARD_PROMO_LIST = [
  { label: 'Founding Member', description: '3 months for $50' },
  { label: '1 Week Trial', description: 'free' },
  { label: 'Beta Tester', description: '50% off' },
  { label: 'Early Adopter', description: '25% off' },
] as const;

export const DEFAULT_PROMO_DAYS = 90;
export const MAX_PROMO_DAYS = 3650;

/** The Duration (days) input: a whole number of days, or 90 when it is not a number. */
export function promoDuration(input: string | number | null | undefined): number {
  const days = typeof input === 'number' ? input : Number.parseInt(String(input ?? ''), 10);
  return Number.isFinite(days) && days > 0
    ? Math.min(Math.floor(days), MAX_PROMO_DAYS)
    : DEFAULT_PROMO_DAYS;
}

/** Days left on a promo: the ceiling of the remaining days, never below 0. */
export function promoDaysLeft(
  expiresAt: string | Date | null | undefined,
  now = new Date(),
): number {
  if (!expiresAt) return 0;
  const remaining = (new Date(expiresAt).getTime() - now.getTime()) / 86_400_000;
  return Number.isFinite(remaining) ? Math.max(0, Math.ceil(remaining)) : 0;
}

/** The users list's filter select (admin-portal.md section 4). */
export const USER_SEGMENTS = [
  { id: 'admins', name: 'Admins' },
  { id: 'founding_members', name: 'Founding Members' },
  { id: 'active', name: 'Active' },
  { id: 'paid', name: 'Setup Required' },
  { id: 'pending', name: 'Pending' },
  { id: 'inactive', name: 'Inactive' },
  // Beyond the spec's list: members whose renewal failed, which the dashboard's Past Due card opens.
  { id: 'past_due', name: 'Past Due' },
] as const;
export type UserSegment = (typeof USER_SEGMENTS)[number]['id'];

/** Plans an admin can put a new user on, and the statuses they can give (Create New User). */
export const CREATABLE_PLANS = ['prospector', 'rainmaker'] as const;
export const EDITABLE_STATUSES = ['active', 'inactive', 'pending'] as const;

/** Create User is enabled once e-mail, first and last name are all filled. */
export function canCreateUser(form: {
  email?: string;
  first_name?: string;
  last_name?: string;
}): boolean {
  return [form.email, form.first_name, form.last_name].every((value) => !!value?.trim());
}

/** A role's permissions as the Roles list shows them: keys joined, or None. */
export function permissionsLabel(permissions: Record<string, unknown> | null | undefined): string {
  const keys = Object.keys(permissions ?? {});
  return keys.length ? keys.join(', ') : 'None';
}

/** "Showing x to y of z results" and "Page n of m" of the generic list. */
export function paginationText(page: number, perPage: number, total: number, estimated = false) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  // An estimated total (a broad search over many rows) is said to be one, and shown grouped.
  const of = estimated ? `about ${total.toLocaleString('en-US')}` : `${total}`;
  return {
    showing: `Showing ${from} to ${to} of ${of} results`,
    page: `Page ${Math.min(page, pages)} of ${estimated ? `about ${pages.toLocaleString('en-US')}` : pages}`,
    pages,
  };
}

/** The portal's toasts (admin-portal.md section 8), word for word. */
export const ADMIN_TOASTS = {
  userUpdated: 'User updated successfully',
  userUpdateFailed: 'Failed to update user',
  usersFetchFailed: 'Failed to fetch users',
  emailSent: (kind: 'Welcome' | 'Founding Member', email: string) =>
    `${kind} email sent to ${email}`,
  emailFailed: (reason: string) => `Failed to send email: ${reason}`,
  passwordResetSent: (email: string) => `Password reset sent to ${email}`,
  passwordResetFailed: (reason: string) => `Failed to send password reset: ${reason}`,
  userCreated: 'User created successfully',
  userCreateFailed: 'Failed to create user',
  activityFailed: 'Failed to fetch activity history',
  emailCopied: 'Email copied to clipboard',
  promoApplied: (email: string) => `Promo applied successfully to ${email}`,
  promoApplyFailed: 'Failed to apply promo',
  promoRemoved: 'Promo removed successfully',
  promoRemoveFailed: 'Failed to remove promo',
  roleEditFailed: 'Failed to edit role',
  roleDeleteFailed: 'Failed to delete role',
  dashboardFailed: 'Error loading dashboard data. Please try again.',
  alreadySetUp: 'User has already set up their account',
} as const;

/** The red message of a list that failed to load. */
export const listError = (resource: string) => `Error loading ${resource}. Please try again`;
