import { sessionStorageKey, type Session } from '@leadpulse/common';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpClient } from './httpClient';
import { sessionClient } from './session';

const KEY = sessionStorageKey(window.location.host);

/** A session with an hour left: not due for a refresh by the clock. */
const session = (token: string): Session => ({
  access_token: `access-${token}`,
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  refresh_token: `refresh-${token}`,
  user: {
    id: 'u1',
    email: 'ada@example.com',
    created_at: '',
    email_confirmed_at: null,
    last_sign_in_at: null,
    metadata: {},
    factors: [],
  },
});

/**
 * The server: GET /api/admin/identity accepts only the access tokens in `valid`;
 * POST /api/auth/refresh exchanges refresh-<n> for session <n+1>.
 */
function stubServer(valid: string[]) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/refresh' && init?.method === 'POST') {
      const { refresh_token } = JSON.parse(String(init.body)) as { refresh_token: string };
      const next = Number(refresh_token.replace('refresh-', '')) + 1;
      return Response.json(session(String(next)));
    }
    const authorization = new Headers(init?.headers).get('authorization') ?? '';
    return valid.includes(authorization.replace('Bearer ', ''))
      ? Response.json({ id: 'u1' })
      : Response.json(
          { statusCode: 401, code: 'unauthorized', message: 'Unauthorized' },
          { status: 401 },
        );
  });
  vi.stubGlobal('fetch', fetch);
  const calls = () =>
    fetch.mock.calls.map(([url, init]) =>
      `${init?.method ?? 'GET'} ${url} ${new Headers(init?.headers).get('authorization') ?? ''}`.trim(),
    );
  return { fetch, calls };
}

describe('httpClient', () => {
  beforeEach(() => {
    window.localStorage.clear();
    sessionClient.setSession(session('1'));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers a 401 with exactly one real refresh and a retry with the new token', async () => {
    const server = stubServer(['access-2']); // access-1 was revoked, though not expired
    expect((await httpClient('/api/admin/identity')).json).toEqual({ id: 'u1' });
    expect(server.calls()).toEqual([
      'GET /api/admin/identity Bearer access-1',
      'POST /api/auth/refresh',
      'GET /api/admin/identity Bearer access-2',
    ]);
    expect(sessionClient.session?.access_token).toBe('access-2');
  });

  it('signs out when the retry with the refreshed token gets a 401 too', async () => {
    const server = stubServer([]);
    const failure = await httpClient('/api/admin/identity').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(401);
    expect(server.calls()).toEqual([
      'GET /api/admin/identity Bearer access-1',
      'POST /api/auth/refresh',
      'GET /api/admin/identity Bearer access-2',
    ]);
    expect(sessionClient.session).toBeNull();
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });
});
