import { fetchUtils } from 'react-admin';

/** Every admin request goes through here, so the session's token can be added in one place. */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  return fetchUtils.fetchJson(url, { ...options, headers });
}
