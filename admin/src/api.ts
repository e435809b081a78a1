import { HttpError } from 'react-admin';
import { httpClient } from './providers/httpClient';

/** A call to an admin endpoint outside the simple REST convention (actions, stats). */
export async function adminApi<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const { json } = await httpClient(`/api/admin${path}`, {
    method: init.method ?? 'GET',
    ...(init.body === undefined
      ? {}
      : {
          body: JSON.stringify(init.body),
          headers: new Headers({ 'content-type': 'application/json', Accept: 'application/json' }),
        }),
  });
  return json as T;
}

/** The server's message for a failed call (the spec's toasts append it as the reason). */
export function errorMessage(error: unknown): string {
  if (error instanceof HttpError) {
    const body = error.body as { message?: string } | undefined;
    return body?.message ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The server's error code for a failed call ("already_recovered"), if it sent one. */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  return (error.body as { code?: string } | undefined)?.code;
}
