import { Secret, TOTP } from 'otpauth';

/**
 * The code an authenticator app shows for a secret, `offsetMs` from now (RFC 6238: SHA-1, 6
 * digits, 30-second steps). A code is accepted once per step, so a sign-in right after the
 * enrolment uses the next step's code, as a person would after waiting for the app to change.
 */
export function authenticatorCode(secret: string, offsetMs = 0): string {
  return new TOTP({
    secret: Secret.fromBase32(secret.replace(/\s+/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({ timestamp: Date.now() + offsetMs });
}

export const NEXT_STEP_MS = 30_000;
