import { notFound } from '../common/id-param.js';

export const EMAIL_NOT_FOUND = 'E-mail not found.';

/** The e-mail log's failures: each code with its message, declared once. */
export const MAIL_ERRORS = {
  emailNotFound: () => notFound(EMAIL_NOT_FOUND),
};
