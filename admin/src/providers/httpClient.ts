import { fetchUtils, HttpError } from 'react-admin';
import { sessionClient } from './session';

/** Every admin request: the session's token, one refresh and retry on a 401. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const send = (token?: string) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    if (token) headers.set('authorization', `Bearer ${token}`);
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
  const session = await sessionClient.refreshIfDue();
  try {
    return await send(session?.access_token);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 401 || !session) throw error;
    const refreshed = await sessionClient.refresh();
    if (!refreshed) throw error;
    return send(refreshed.access_token);
  }
}
