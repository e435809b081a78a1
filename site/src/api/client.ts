/** The one way the site talks to the API: JSON in and out, errors in the API's shape. */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  errors?: Record<string, string>;
}

export class ApiError extends Error {
  constructor(readonly body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
  }

  get code(): string {
    return this.body.code;
  }
}

export async function apiFetch<T>(
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await fetch(`/api${path}`, {
    ...rest,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const error = body as Partial<ApiErrorBody> | undefined;
    throw new ApiError({
      statusCode: response.status,
      code: error?.code ?? 'network_error',
      message: error?.message ?? 'An unexpected error occurred. Please try again.',
      errors: error?.errors,
    });
  }
  return body as T;
}
