import type { AuthFactor, AuthUser, Permission } from '@leadpulse/common';
import type { AuthAccountEntity } from './auth-account.entity.js';

/** The auth user of member-site.md section 3: the account and its verified factors. */
export function mapAuthUser(
  account: AuthAccountEntity,
  factors: AuthFactor<Date>[] = [],
): AuthUser<Date> {
  return {
    id: account.id,
    email: account.email,
    created_at: account.created_at,
    email_confirmed_at: account.email_confirmed_at,
    last_sign_in_at: account.last_sign_in_at,
    metadata: account.metadata,
    factors,
  };
}

/** What a verified access token says about its bearer. */
export interface AuthenticatedUser {
  accountId: string;
  email: string;
  /** The refresh-token family of this sign-in. */
  sessionId: string;
  /** The bearer's `users` id, set by AdminGuard (audit rows name the administrator by it). */
  userId?: string;
  /** Whether the administrator holds the Owner role, set by AdminGuard. */
  owner?: boolean;
  /** What the administrator's roles grant, set by AdminGuard. */
  permissions?: Permission[];
}
