/** The audit feature's messages. */
export const AUDIT_ERRORS = {
  notFound: 'Action not found.',
} as const;
