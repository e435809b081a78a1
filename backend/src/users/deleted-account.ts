import { normaliseEmail } from '../common/email.js';

/**
 * How a deleted account is represented: its `users` row stays (payments and history point at
 * it) with status `deleted`, no sign-in account, and an address in a domain that never receives
 * mail (RFC 2606 reserves `.invalid`). Nobody may use such an address, so no sign-up, purchase or
 * lookup by address reaches the row.
 */
export const DELETED_EMAIL_DOMAIN = 'deleted.invalid';

/** The address a deleted member's rows carry instead of theirs: unique, and never deliverable. */
export const anonymousEmail = (userId: string) => `deleted-${userId}@${DELETED_EMAIL_DOMAIN}`;

/** Whether an address is one that deletion gives (or could give) a row. */
export function isDeletedAddress(email: string): boolean {
  return normaliseEmail(email).endsWith(`@${DELETED_EMAIL_DOMAIN}`);
}
