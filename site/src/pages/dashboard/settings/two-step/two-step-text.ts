import { MESSAGES } from '@leadpulse/common';
import { ApiError } from '../../../../api/client';
import { APP_NAME } from '../../../../config';

/** The setup key in groups of four, as authenticator apps print it. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export const RECOVERY_CODES_FILE = `${APP_NAME.toLowerCase()}-recovery-codes.txt`;

/** The recovery codes as a text file: what they are, then one code a line. */
export function recoveryCodesText(codes: string[]): string {
  return [
    `${APP_NAME} recovery codes`,
    'Each code signs you in once if you lose access to your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** A refused code in Settings: the API's message (a wrong code, too many tries), or the generic one. */
export function codeErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.code === 'network_error')
    return MESSAGES.login.unexpected;
  return error.code === 'invalid_mfa_code' ? MESSAGES.mfa.invalidCode : error.message;
}
