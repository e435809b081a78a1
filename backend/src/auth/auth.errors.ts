import { FORBIDDEN_MESSAGE, MESSAGES } from '@leadpulse/common';
import { AppException } from '../common/app.exception.js';

/** Sign-up, sign-in, sessions and back-office access: each code with its message, declared once. */
export const AUTH_ERRORS = {
  unauthorized: () => new AppException('unauthorized', 401, MESSAGES.session.required),
  invalidRefreshToken: () =>
    new AppException('invalid_refresh_token', 401, MESSAGES.session.expired),
  accountSuspended: () =>
    new AppException('account_suspended', 403, MESSAGES.login.accountSuspended),
  passwordTooShort: (minimum: number) =>
    new AppException('weak_password', 400, MESSAGES.signup.passwordTooShort(minimum)),
  passwordTooCommon: () =>
    new AppException('weak_password', 400, MESSAGES.signup.passwordTooCommon),
  invalidConfirmationLink: () =>
    new AppException('invalid_token', 400, MESSAGES.session.invalidConfirmationLink),
  invalidSetupLink: () =>
    new AppException('invalid_token', 400, MESSAGES.setupPassword.invalidLink),
  invalidEmail: () => new AppException('invalid_email', 400, MESSAGES.signup.invalidEmail),
  invalidCredentials: () =>
    new AppException('invalid_credentials', 400, MESSAGES.login.invalidCredentials),
  emailNotConfirmed: () =>
    new AppException('email_not_confirmed', 403, MESSAGES.login.emailNotConfirmed),
  invalidCurrentPassword: () =>
    new AppException('invalid_current_password', 400, MESSAGES.settings.currentPasswordWrong),
  emailExists: () => new AppException('email_exists', 409, MESSAGES.signup.emailExists),
  /** Not an administrator at all. */
  notAdmin: () => new AppException('forbidden', 403, MESSAGES.admin.accessDenied),
  /** An administrator whose roles do not grant the write's permission. */
  notPermitted: () => new AppException('forbidden', 403, FORBIDDEN_MESSAGE),
};
