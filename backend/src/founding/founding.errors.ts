import { MESSAGES } from '@leadpulse/common';
import { AppException } from '../common/app.exception.js';

export const FOUNDING_ERRORS = {
  alreadyActive: () => new AppException('already_active', 409, MESSAGES.founding.alreadyActive),
  soldOut: () => new AppException('sold_out', 409, MESSAGES.founding.soldOut),
  tooManyHolds: () =>
    new AppException(
      'too_many_holds',
      429,
      'You already have checkouts in progress. Finish or cancel one before starting another.',
    ),
};
