import { QueryClient } from '@tanstack/react-query';
import { HttpError } from 'react-admin';

/** How many times a failed read is tried again. */
export const MAX_RETRIES = 3;

/**
 * A failed read is tried again only when it may succeed later: a network error or a 5xx.
 * A 4xx (an unknown id, a refused permission) gives the same answer every time.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof HttpError) return error.status >= 500;
  return true;
}

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: shouldRetry } } });
}
