/** The token of an e-mailed link, from the URL hash (`#token=…`, never sent to servers) or the query. */
export function linkToken(location: { hash: string; search: string }): string | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  return fromHash || new URLSearchParams(location.search).get('token');
}

/** Router state of the password page when a confirmation dropped the password chosen at sign-up. */
export const AFTER_CONFIRMATION = { reason: 'confirmation' } as const;

export function isAfterConfirmation(state: unknown): boolean {
  return (state as { reason?: unknown } | null)?.reason === AFTER_CONFIRMATION.reason;
}
