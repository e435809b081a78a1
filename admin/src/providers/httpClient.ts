import { fetchUtils, HttpError } from 'react-admin';
import { sessionClient } from './session';

/**
 * Every admin request: the session's token; a 401 forces one real refresh and one retry, and a
 * 401 to the retry signs out.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  type Answer = { response: Awaited<ReturnType<typeof fetchUtils.fetchJson>> } | { error: unknown };
  const send = async (token?: string): Promise<Answer> => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    if (token) headers.set('authorization', `Bearer ${token}`);
    try {
      return { response: await fetchUtils.fetchJson(url, { ...options, headers }) };
    } catch (error) {
      return { error };
    }
  };
  const outcome = await sessionClient.authorized(
    send,
    (answer) =>
      'error' in answer && answer.error instanceof HttpError && answer.error.status === 401,
  );
  if ('error' in outcome) throw outcome.error;
  return outcome.response;
}
