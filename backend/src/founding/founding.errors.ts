import { MESSAGES } from '@leadpulse/common';
import { AppException } from '../common/app.exception.js';
import { notFound } from '../common/id-param.js';

const PHONE_INVALID = 'Please enter a 10-digit phone number.';

/** The founding-member sale's failures: each code with its message, declared once. */
export const FOUNDING_ERRORS = {
  alreadyActive: () => new AppException('already_active', 409, MESSAGES.founding.alreadyActive),
  soldOut: () => new AppException('sold_out', 409, MESSAGES.founding.soldOut),
  fillAllFields: () => new AppException('validation_failed', 400, MESSAGES.founding.fillAllFields),
  invalidPhone: () =>
    new AppException('validation_failed', 400, PHONE_INVALID, { phone: PHONE_INVALID }),
  invalidEmail: () => new AppException('invalid_email', 400, MESSAGES.signup.invalidEmail),
  checkoutFailed: () => new AppException('checkout_failed', 502, MESSAGES.founding.checkoutFailed),
  sessionNotFound: () => notFound('Checkout session not found.'),
  tooManyHolds: () =>
    new AppException(
      'too_many_holds',
      429,
      'You already have checkouts in progress. Finish or cancel one before starting another.',
    ),
};
