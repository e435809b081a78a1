import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';

/** Answers that asking again will not change. */
const FINAL = new Set([400, 401, 403, 404, 409, 413, 422]);

/** The member area's cache of server state: one per signed-in shell. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          !(error instanceof ApiError && FINAL.has(error.status)) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}
