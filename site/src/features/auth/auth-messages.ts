import { MESSAGES } from '@leadpulse/common';
import { ApiError } from '../../api/client';

/** The login error catalogue of member-site.md section 8. */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.code === 'network_error')
    return MESSAGES.login.unexpected;
  switch (error.code) {
    case 'invalid_credentials':
      return MESSAGES.login.invalidCredentials;
    case 'email_not_confirmed':
      return MESSAGES.login.emailNotConfirmed;
    case 'too_many_requests':
      return MESSAGES.login.tooManyRequests;
    case 'account_suspended':
      return MESSAGES.login.accountSuspended;
    default:
      return MESSAGES.login.failed;
  }
}

/** The sign-up error catalogue; a weak password keeps the server's reason (too short or too common). */
export function signupErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.code === 'network_error')
    return MESSAGES.login.unexpected;
  switch (error.code) {
    case 'email_exists':
      return MESSAGES.signup.emailExists;
    case 'invalid_email':
      return MESSAGES.signup.invalidEmail;
    case 'weak_password':
      return error.message || MESSAGES.signup.passwordTooShort();
    default:
      return MESSAGES.signup.failed;
  }
}

/** What a failed code step says: the API's own words for a wrong code, the sign-in's otherwise. */
export function mfaErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.code === 'network_error')
    return MESSAGES.login.unexpected;
  switch (error.code) {
    case 'invalid_mfa_code':
      return MESSAGES.mfa.invalidCode;
    case 'invalid_mfa_token':
      return MESSAGES.mfa.invalidToken;
    case 'too_many_requests':
      return MESSAGES.login.tooManyRequests;
    default:
      return MESSAGES.login.failed;
  }
}
