import { MESSAGES } from '@leadpulse/common';
import { AppException } from '../../common/app.exception.js';

/** Two-step verification's errors, each code with its message, declared once. */
export const mfaErrors = {
  invalidCode: () => new AppException('invalid_mfa_code', 400, MESSAGES.mfa.invalidCode),
  invalidToken: () => new AppException('invalid_mfa_token', 401, MESSAGES.mfa.invalidToken),
  enrollmentRequired: () =>
    new AppException('mfa_enrollment_required', 403, MESSAGES.mfa.enrollmentRequired),
  alreadyEnabled: () => new AppException('mfa_already_enabled', 409, MESSAGES.mfa.alreadyEnabled),
  factorNotFound: () => new AppException('not_found', 404, MESSAGES.mfa.factorNotFound),
  notEnabled: () => new AppException('mfa_not_enabled', 409, MESSAGES.mfa.notEnabled),
  ownReset: () => new AppException('own_mfa_reset', 409, MESSAGES.mfa.ownReset),
};
