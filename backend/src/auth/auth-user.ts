import type { Permission } from '@leadpulse/common';
import type { AuthAccountEntity, AuthMetadata } from './auth-account.entity.js';
import type { AuthFactorView } from './mfa/factors.js';

/** The auth user of member-site.md section 3. */
export interface AuthUserView {
  id: string;
  email: string;
  created_at: Date;
  email_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  metadata: AuthMetadata;
  /** The verified two-step verification factors. */
  factors: AuthFactorView[];
}

export interface Session {
  access_token: string;
  token_type: 'bearer';
  /** Seconds the access token lives. */
  expires_in: number;
  /** Unix time (seconds) when the access token expires. */
  expires_at: number;
  refresh_token: string;
  user: AuthUserView;
}

export function toAuthUserView(
  account: AuthAccountEntity,
  factors: AuthFactorView[] = [],
): AuthUserView {
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
