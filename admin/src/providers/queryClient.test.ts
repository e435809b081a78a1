import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { MAX_RETRIES, createQueryClient, shouldRetry } from './queryClient';

describe('retrying a failed read', () => {
  it.each([400, 401, 403, 404, 409, 422])('never retries a %i', (status) => {
    expect(shouldRetry(0, new HttpError('Refused', status))).toBe(false);
  });

  it.each([500, 502, 503])('retries a %i, up to the limit', (status) => {
    expect(shouldRetry(0, new HttpError('Down', status))).toBe(true);
    expect(shouldRetry(MAX_RETRIES, new HttpError('Down', status))).toBe(false);
  });

  it('retries a network error', () => {
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('asks the server once for an unknown record', async () => {
    const client = createQueryClient();
    let calls = 0;
    await expect(
      client.fetchQuery({
        queryKey: ['users', 'getOne', 'missing'],
        queryFn: async () => {
          calls += 1;
          throw new HttpError('Not found', 404);
        },
        retry: client.getDefaultOptions().queries?.retry,
      }),
    ).rejects.toThrow('Not found');
    expect(calls).toBe(1);
  });
});
