import type { RecoveryCodes, TotpEnrollment, VerifyTotpRequest } from '@leadpulse/common';
import { httpClient } from '../providers/httpClient';

/** What `getPermissions` answers for an administrator who must set up two-step verification first. */
export const MFA_ENROLLMENT_REQUIRED = 'mfa_enrollment_required';

/** The password was right; the sign-in waits for a code (`mfaToken` spends it). */
export class MfaRequiredError extends Error {
  constructor(readonly mfaToken: string) {
    super('Two-step verification');
    this.name = 'MfaRequiredError';
  }
}

/** A call to the member's own two-step verification (outside /api/admin, so allowed before enrolment). */
async function mfaApi<T>(path: string, body?: unknown): Promise<T> {
  const { json } = await httpClient(`/api/auth/mfa${path}`, {
    method: 'POST',
    body: JSON.stringify(body ?? {}),
    headers: new Headers({ 'content-type': 'application/json', Accept: 'application/json' }),
  });
  return json as T;
}

export const enrollTotp = () => mfaApi<TotpEnrollment>('/totp/enroll');

export const verifyTotp = (factorId: string, code: string) =>
  mfaApi<RecoveryCodes>('/totp/verify', { factor_id: factorId, code } satisfies VerifyTotpRequest);

/** The setup key in groups of four, as authenticator apps print it. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export const RECOVERY_CODES_FILE = 'leadpulse-recovery-codes.txt';

/** The recovery codes as a text file: what they are, then one code a line. */
export function recoveryCodesText(codes: string[]): string {
  return [
    'LeadPulse recovery codes',
    'Each code signs you in once if you lose access to your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}
