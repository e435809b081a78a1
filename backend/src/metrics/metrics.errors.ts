import { AppException } from '../common/app.exception.js';

/** The metrics endpoint's failures: each code with its message, declared once. */
export const METRICS_ERRORS = {
  tokenRequired: () => new AppException('unauthorized', 401, 'A valid metrics token is required.'),
};
