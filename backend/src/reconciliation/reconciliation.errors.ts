import { AppException } from '../common/app.exception.js';
import { notFound } from '../common/id-param.js';

/** Customer Recovery's failures: each code with its message, declared once. */
export const RECONCILIATION_ERRORS = {
  nobodyToRecover: () => notFound('No customer with this email needs recovery.'),
  alreadyRecovered: () =>
    new AppException(
      'already_recovered',
      409,
      'This customer has already been recovered. Use Get Password Link to give them a new setup link.',
    ),
};
