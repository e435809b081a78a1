import type { ErrorBody } from '@leadpulse/common';
import { sessionClient } from '../features/auth/session';

export class ApiError extends Error {
  /** `raw`: the whole error answer, with any details beyond the shape (a limit's `used`, …). */
  constructor(
    readonly body: ErrorBody,
    readonly raw: Record<string, unknown> = {},
  ) {
    super(body.message);
    this.name = 'ApiError';
  }

  get code(): string {
    return this.body.code;
  }

  get status(): number {
    return this.body.statusCode;
  }
}

export interface ApiRequest extends Omit<RequestInit, 'body'> {
  json?: unknown;
  /** Send the session's access token (refreshing it first if it is about to expire). */
  auth?: boolean;
}

async function send(
  path: string,
  { json, auth: _auth, headers, ...init }: ApiRequest,
  token?: string,
): Promise<Response> {
  return fetch(`/api${path}`, {
    ...init,
    headers: {
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });
}

/** JSON in and out; errors thrown as ApiError (code `network_error` when the server is unreachable). */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  let response: Response;
  try {
    // The token may have been revoked or expired early: a 401 forces one real refresh and one
    // retry, and a 401 to the retry signs out.
    response = request.auth
      ? await sessionClient.authorized(
          (token) => send(path, request, token),
          (answer) => answer.status === 401,
        )
      : await send(path, request);
  } catch {
    throw new ApiError({
      statusCode: 0,
      code: 'network_error',
      message: 'An unexpected error occurred. Please try again.',
    });
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = (body ?? {}) as Partial<ErrorBody>;
    throw new ApiError(
      {
        statusCode: response.status,
        code: error.code ?? 'unexpected_error',
        message: error.message ?? 'An unexpected error occurred. Please try again.',
        errors: error.errors,
      },
      body && typeof body === 'object' ? (body as Record<string, unknown>) : {},
    );
  }
  return body as T;
}
