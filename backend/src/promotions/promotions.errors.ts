import { AppException } from '../common/app.exception.js';
import { notFound } from '../common/id-param.js';

export const PROMOTION_NOT_FOUND = 'Promotion not found.';

/** The promotions' failures: each code with its message, declared once. */
export const PROMOTIONS_ERRORS = {
  promotionNotFound: () => notFound(PROMOTION_NOT_FOUND),
  codeTaken: () =>
    new AppException('code_taken', 409, 'A promotion with this code already exists.'),
  stripeFailed: () => new AppException('stripe_failed', 502, 'Failed to update promotion'),
  percentageTooHigh: () =>
    new AppException('validation_failed', 400, 'A percentage is at most 100.'),
  expiryInPast: () =>
    new AppException('validation_failed', 400, 'The expiry must be in the future.'),
};
