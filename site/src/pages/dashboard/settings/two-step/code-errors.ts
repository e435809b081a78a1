import { MESSAGES } from '@leadpulse/common';
import { ApiError } from '../../../../api/client';

/** A refused code in Settings: the API's message (a wrong code, too many tries), or the generic one. */
export function codeErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.code === 'network_error')
    return MESSAGES.login.unexpected;
  return error.code === 'invalid_mfa_code' ? MESSAGES.mfa.invalidCode : error.message;
}
