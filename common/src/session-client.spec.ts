import { describe, expect, it, vi } from 'vitest';
import {
  SessionClient,
  sessionStorageKey,
  type AuthEvent,
  type SignOutReason,
  type Session,
} from './session-client.js';

class MemoryStorage {
  values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

const KEY = sessionStorageKey('app.example.com');
const session = (expiresAt: number, refreshToken = 'r1'): Session => ({
  access_token: `a-${refreshToken}`,
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: expiresAt,
  refresh_token: refreshToken,
  user: {
    id: 'u1',
    email: 'a@example.com',
    created_at: '2026-01-01',
    email_confirmed_at: null,
    last_sign_in_at: null,
    metadata: {},
    factors: [],
  },
});

function setup(options: {
  now: number;
  refresh?: (token: string) => Promise<{ status: number; body: unknown }>;
}) {
  const storage = new MemoryStorage();
  let now = options.now;
  let tick: () => void = () => undefined;
  const refresh = vi.fn(
    options.refresh ??
      (async (token: string) => ({ status: 200, body: session(now / 1000 + 3600, `${token}+`) })),
  );
  const client = new SessionClient({
    storage,
    storageKey: KEY,
    refresh,
    now: () => now,
    setInterval: (callback) => {
      tick = callback;
      return 1;
    },
    clearInterval: () => undefined,
  });
  const events: AuthEvent[] = [];
  const reasons: (SignOutReason | undefined)[] = [];
  client.subscribe((event, _session, reason) => {
    events.push(event);
    if (event === 'SIGNED_OUT') reasons.push(reason);
  });
  return {
    storage,
    client,
    refresh,
    events,
    reasons,
    advance: async (ms: number) => {
      now += ms;
      tick();
      await Promise.resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe('SessionClient', () => {
  it('derives its storage key from the backend host', () => {
    expect(sessionStorageKey('localhost:3000')).toBe('leadpulse.auth.localhost:3000');
  });

  it('announces the initial session and stores a signed-in one', () => {
    const { client, events, storage } = setup({ now: 0 });
    client.start();
    client.setSession(session(3600));
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
    expect(JSON.parse(storage.getItem(KEY)!).refresh_token).toBe('r1');
  });

  it('refreshes at the first check with 90 s or less left, and not before', async () => {
    const harness = setup({ now: 0 });
    harness.client.setSession(session(300));
    harness.client.start();
    await harness.advance(30_000); // 270 s left
    await harness.advance(30_000); // 240 s left
    await harness.advance(30_000); // 210 s left
    await harness.advance(30_000); // 180 s left
    await harness.advance(30_000); // 150 s left
    await harness.advance(30_000); // 120 s left
    expect(harness.refresh).not.toHaveBeenCalled();
    await harness.advance(30_000); // 90 s left
    expect(harness.refresh).toHaveBeenCalledTimes(1);
    expect(harness.refresh).toHaveBeenCalledWith('r1');
    expect(harness.client.session?.refresh_token).toBe('r1+');
    expect(harness.events).toContain('TOKEN_REFRESHED');
  });

  it('uses the session another tab refreshed instead of spending the same token again', async () => {
    const harness = setup({ now: 0 });
    harness.client.setSession(session(60));
    // The other tab wrote a fresh session before this one took the lock.
    harness.storage.setItem(KEY, JSON.stringify(session(3600, 'from-other-tab')));
    const result = await harness.client.refresh();
    expect(harness.refresh).not.toHaveBeenCalled();
    expect(result?.refresh_token).toBe('from-other-tab');
  });

  it('runs one refresh at a time', async () => {
    const harness = setup({ now: 0 });
    harness.client.setSession(session(60));
    await Promise.all([
      harness.client.refresh(),
      harness.client.refresh(),
      harness.client.refresh(),
    ]);
    expect(harness.refresh).toHaveBeenCalledTimes(1);
  });

  it('removes the session when a refresh is refused, and keeps it on a retryable failure', async () => {
    const refused = setup({ now: 0, refresh: async () => ({ status: 401, body: {} }) });
    refused.client.setSession(session(60));
    expect(await refused.client.refresh()).toBeNull();
    expect(refused.client.session).toBeNull();
    expect(refused.events.at(-1)).toBe('SIGNED_OUT');
    // Not the member's doing: the site tells them, where a sign-out it says nothing.
    expect(refused.reasons.at(-1)).toBe('session_ended');

    for (const status of [502, 503, 504]) {
      const retryable = setup({ now: 0, refresh: async () => ({ status, body: {} }) });
      retryable.client.setSession(session(60));
      expect((await retryable.client.refresh())?.refresh_token).toBe('r1');
      expect(retryable.client.session).not.toBeNull();
    }

    const offline = setup({
      now: 0,
      refresh: async () => Promise.reject(new TypeError('Failed to fetch')),
    });
    offline.client.setSession(session(60));
    expect(await offline.client.refresh()).not.toBeNull();
  });

  it('forces a real refresh of a token the server refused, even with time left', async () => {
    const harness = setup({ now: 0 });
    harness.client.setSession(session(3600));
    // Not due: a plain refresh keeps the same session.
    expect((await harness.client.refresh())?.access_token).toBe('a-r1');
    expect(harness.refresh).not.toHaveBeenCalled();

    const refreshed = await harness.client.forceRefresh('a-r1');
    expect(harness.refresh).toHaveBeenCalledTimes(1);
    expect(harness.refresh).toHaveBeenCalledWith('r1');
    expect(refreshed?.access_token).toBe('a-r1+');
    expect(harness.client.session?.access_token).toBe('a-r1+');
    expect(harness.events.at(-1)).toBe('TOKEN_REFRESHED');
  });

  it('does not force a second refresh when storage already holds a newer token', async () => {
    const harness = setup({ now: 0 });
    harness.client.setSession(session(3600));
    // Another tab replaced the refused token before this one took the lock.
    harness.storage.setItem(KEY, JSON.stringify(session(3600, 'from-other-tab')));
    const result = await harness.client.forceRefresh('a-r1');
    expect(harness.refresh).not.toHaveBeenCalled();
    expect(result?.access_token).toBe('a-from-other-tab');
  });

  it('runs one forced refresh for concurrent 401s, after any refresh already under way', async () => {
    const harness = setup({ now: 0 });
    harness.client.setSession(session(3600));
    const plain = harness.client.refresh(); // not due: keeps the token, so cannot stand in
    const results = await Promise.all([
      harness.client.forceRefresh('a-r1'),
      harness.client.forceRefresh('a-r1'),
      harness.client.forceRefresh('a-r1'),
    ]);
    expect((await plain)?.access_token).toBe('a-r1');
    expect(harness.refresh).toHaveBeenCalledTimes(1);
    expect(results.map((result) => result?.access_token)).toEqual(['a-r1+', 'a-r1+', 'a-r1+']);
    // A later 401 for the token already replaced does not refresh again either.
    expect((await harness.client.forceRefresh('a-r1'))?.access_token).toBe('a-r1+');
    expect(harness.refresh).toHaveBeenCalledTimes(1);
  });

  it('takes the cross-tab lock for a forced refresh', async () => {
    const locks: string[] = [];
    const storage = new MemoryStorage();
    const refresh = vi.fn(async () => ({ status: 200, body: session(7200, 'r2') }));
    const client = new SessionClient({
      storage,
      storageKey: KEY,
      refresh,
      withLock: async (name, task) => {
        locks.push(name);
        // Another tab refreshed while this one waited for the lock.
        storage.setItem(KEY, JSON.stringify(session(3600, 'while-waiting')));
        return task();
      },
      now: () => 0,
      setInterval: () => 1,
      clearInterval: () => undefined,
    });
    client.setSession(session(3600));
    expect((await client.forceRefresh('a-r1'))?.access_token).toBe('a-while-waiting');
    expect(locks).toEqual([`${KEY}.refresh`]);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('signs out when a forced refresh is refused, and keeps the session on a retryable failure', async () => {
    const refused = setup({ now: 0, refresh: async () => ({ status: 401, body: {} }) });
    refused.client.setSession(session(3600));
    expect(await refused.client.forceRefresh('a-r1')).toBeNull();
    expect(refused.client.session).toBeNull();
    expect(refused.events.at(-1)).toBe('SIGNED_OUT');

    const unavailable = setup({ now: 0, refresh: async () => ({ status: 503, body: {} }) });
    unavailable.client.setSession(session(3600));
    expect((await unavailable.client.forceRefresh('a-r1'))?.access_token).toBe('a-r1');
    expect(unavailable.client.session).not.toBeNull();
  });

  describe('authorized', () => {
    const unauthorized = (status: number) => status === 401;

    it('retries a 401 once with a really refreshed token', async () => {
      const harness = setup({ now: 0 });
      harness.client.setSession(session(3600));
      const send = vi.fn(async (token: string | undefined) => (token === 'a-r1' ? 401 : 200));
      expect(await harness.client.authorized(send, unauthorized)).toBe(200);
      expect(send.mock.calls).toEqual([['a-r1'], ['a-r1+']]);
      expect(harness.refresh).toHaveBeenCalledTimes(1);
      expect(harness.client.session?.access_token).toBe('a-r1+');
    });

    it('signs out when the retry with the refreshed token is refused too', async () => {
      const harness = setup({ now: 0 });
      harness.client.setSession(session(3600));
      const send = vi.fn(async () => 401);
      expect(await harness.client.authorized(send, unauthorized)).toBe(401);
      expect(send).toHaveBeenCalledTimes(2);
      expect(harness.refresh).toHaveBeenCalledTimes(1);
      expect(harness.client.session).toBeNull();
      expect(harness.events.at(-1)).toBe('SIGNED_OUT');
    });

    it('does not retry or sign out when no new token could be had', async () => {
      const harness = setup({ now: 0, refresh: async () => ({ status: 503, body: {} }) });
      harness.client.setSession(session(3600));
      const send = vi.fn(async () => 401);
      expect(await harness.client.authorized(send, unauthorized)).toBe(401);
      expect(send).toHaveBeenCalledTimes(1);
      expect(harness.client.session?.access_token).toBe('a-r1');
    });

    it('sends without a token and does not refresh when signed out', async () => {
      const harness = setup({ now: 0 });
      const send = vi.fn(async () => 401);
      expect(await harness.client.authorized(send, unauthorized)).toBe(401);
      expect(send.mock.calls).toEqual([[undefined]]);
      expect(harness.refresh).not.toHaveBeenCalled();
    });
  });

  it('tells a sign-out from a session the server ended', () => {
    const harness = setup({ now: 0 });
    harness.client.setSession(session(3600));
    harness.client.signOut();
    expect(harness.reasons).toEqual(['signed_out']);
  });

  it('follows another tab signing out', () => {
    const harness = setup({ now: 0 });
    harness.client.setSession(session(3600));
    harness.storage.removeItem(KEY); // what the other tab did
    harness.client.handleStorageChange(KEY);
    expect(harness.events.at(-1)).toBe('SIGNED_OUT');
    expect(harness.reasons.at(-1)).toBe('signed_out');
    harness.client.handleStorageChange('unrelated-key');
    expect(harness.events.filter((event) => event === 'SIGNED_OUT')).toHaveLength(1);
  });

  it('ignores a corrupt stored value', () => {
    const harness = setup({ now: 0 });
    harness.storage.setItem(KEY, '{not json');
    expect(harness.client.session).toBeNull();
  });
});
