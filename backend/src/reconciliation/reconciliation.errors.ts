import { notFound } from '../common/id-param.js';

/** Customer Recovery's failures: each code with its message, declared once. */
export const RECONCILIATION_ERRORS = {
  nobodyToRecover: () => notFound('No customer with this email needs recovery.'),
};
