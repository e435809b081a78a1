import type { AuthFactor, Session } from '@leadpulse/common';

/** A member's session as the API answers it: 'ada@example.com', an hour left, no second step. */
export function memberSession({
  email = 'ada@example.com',
  expiresInSeconds = 3600,
  factors = [],
}: { email?: string; expiresInSeconds?: number; factors?: AuthFactor[] } = {}): Session {
  return {
    access_token: 'a',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
    refresh_token: 'r',
    user: {
      id: 'u',
      email,
      created_at: '',
      email_confirmed_at: null,
      last_sign_in_at: null,
      metadata: {},
      factors,
    },
  };
}
