/** The token of an e-mailed link, from the URL hash (`#token=…`, never sent to servers) or the query. */
export function linkToken(location: { hash: string; search: string }): string | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  return fromHash || new URLSearchParams(location.search).get('token');
}
