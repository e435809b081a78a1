import { AppException } from '../common/app.exception.js';
import { notFound } from '../common/id-param.js';

export const EMAIL_NOT_FOUND = 'E-mail not found.';

/** The e-mail log's failures: each code with its message, declared once. */
export const MAIL_ERRORS = {
  emailNotFound: () => notFound(EMAIL_NOT_FOUND),
  noAccount: () =>
    new AppException(
      'no_account',
      409,
      'No account uses this e-mail address any more, so its link cannot be sent again.',
    ),
  alreadyConfirmed: () =>
    new AppException('already_confirmed', 409, 'This e-mail address is already confirmed.'),
  linkNotResendable: () =>
    new AppException(
      'link_not_resendable',
      409,
      'This e-mail carries a link that cannot be sent again.',
    ),
};
