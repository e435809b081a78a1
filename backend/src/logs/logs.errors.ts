import { notFound } from '../common/id-param.js';

export const ERROR_REPORT_NOT_FOUND = 'Error report not found.';

/** The logs' failures: each code with its message, declared once. */
export const LOGS_ERRORS = {
  reportNotFound: () => notFound(ERROR_REPORT_NOT_FOUND),
};
