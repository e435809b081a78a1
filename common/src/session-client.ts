/**
 * The browser session shared by the site and the admin (same origin, same storage key):
 * kept in storage, refreshed before it expires, and coordinated across tabs.
 * Browser APIs are injected so that the rules can be tested with fake timers.
 */

import type { AuthUser, Session } from './api/auth.js';

export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY';

/**
 * Why a session went: the member signed out (here or in another tab), or the server refused to
 * renew it (expired, revoked, or the account's password changed), which the member did not ask for.
 */
export type SignOutReason = 'signed_out' | 'session_ended';

export type AuthListener = (
  event: AuthEvent,
  session: Session | null,
  /** With SIGNED_OUT: why. */
  reason?: SignOutReason,
) => void;

/** Checked every 30 s; refreshed once about 90 s remain (member-site.md section 9). */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const SESSION_REFRESH_MARGIN_SECONDS = 90;
const RETRYABLE_STATUSES = new Set([502, 503, 504]);

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SessionClientOptions {
  storage: KeyValueStorage;
  storageKey: string;
  /** Exchanges a refresh token for a new session; resolves with the HTTP status and body. */
  refresh: (refreshToken: string) => Promise<{ status: number; body: unknown }>;
  /** Runs `task` while holding a lock shared by every tab (the Web Locks API in browsers). */
  withLock?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
  now?: () => number;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

/** `leadpulse.auth.<host>`: one key per backend host, as the spec's client derived it. */
export function sessionStorageKey(host: string): string {
  return `leadpulse.auth.${host}`;
}

export function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session>;
    return typeof value.access_token === 'string' &&
      typeof value.refresh_token === 'string' &&
      value.user
      ? (value as Session)
      : null;
  } catch {
    return null;
  }
}

export class SessionClient {
  private readonly listeners = new Set<AuthListener>();
  private timer: unknown;
  private readonly now: () => number;
  private readonly withLock: <T>(name: string, task: () => Promise<T>) => Promise<T>;
  /** The refresh under way in this tab, and the refused token it replaces if it was forced. */
  private refreshing: { promise: Promise<Session | null>; rejected?: string } | undefined;

  constructor(private readonly options: SessionClientOptions) {
    this.now = options.now ?? (() => Date.now());
    this.withLock = options.withLock ?? ((_name, task) => task());
  }

  /** The session in storage, the newest any tab wrote. */
  get session(): Session | null {
    return parseSession(this.options.storage.getItem(this.options.storageKey));
  }

  /** Starts the periodic check and tells listeners the initial state. */
  start(): void {
    this.emit('INITIAL_SESSION', this.session);
    this.timer = this.options.setInterval(
      () => void this.refreshIfDue(),
      SESSION_CHECK_INTERVAL_MS,
    );
    void this.refreshIfDue();
  }

  stop(): void {
    if (this.timer !== undefined) this.options.clearInterval(this.timer);
    this.timer = undefined;
  }

  subscribe(listener: AuthListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stores a session from sign-in, confirmation or a password reset. */
  setSession(session: Session, event: AuthEvent = 'SIGNED_IN'): void {
    this.options.storage.setItem(this.options.storageKey, JSON.stringify(session));
    this.emit(event, session);
  }

  updateUser(user: AuthUser): void {
    const session = this.session;
    if (!session) return;
    this.setSession({ ...session, user }, 'USER_UPDATED');
  }

  signOut(reason: SignOutReason = 'signed_out'): void {
    this.options.storage.removeItem(this.options.storageKey);
    this.emit('SIGNED_OUT', null, reason);
  }

  /**
   * Another tab changed the stored session (the browser's `storage` event): follow it, so that
   * signing out in one tab signs out the others.
   */
  handleStorageChange(key: string | null): void {
    if (key !== null && key !== this.options.storageKey) return;
    const session = this.session;
    this.emit(
      session ? 'TOKEN_REFRESHED' : 'SIGNED_OUT',
      session,
      session ? undefined : 'signed_out',
    );
  }

  secondsLeft(session: Session | null = this.session): number {
    return session ? session.expires_at - this.now() / 1000 : -Infinity;
  }

  async refreshIfDue(): Promise<Session | null> {
    const session = this.session;
    if (!session || this.secondsLeft(session) > SESSION_REFRESH_MARGIN_SECONDS) return session;
    return this.refresh();
  }

  /**
   * Refreshes under a cross-tab lock, re-reading storage inside it: if another tab refreshed
   * meanwhile, its session is used rather than spending the same refresh token twice.
   */
  refresh(): Promise<Session | null> {
    if (this.refreshing) return this.refreshing.promise;
    return this.startRefresh(
      (current) => this.secondsLeft(current) > SESSION_REFRESH_MARGIN_SECONDS,
      undefined,
    );
  }

  /**
   * Refreshes even though the token has time left, because the server refused it (a 401): it may
   * have been revoked. Still under the cross-tab lock and on the newest stored session: if storage
   * no longer holds the refused token (another tab, or an earlier call, already replaced it), that
   * newer session is used instead of refreshing again. Concurrent calls for one refused token
   * share one refresh.
   */
  forceRefresh(rejectedAccessToken: string): Promise<Session | null> {
    const inFlight = this.refreshing;
    if (inFlight?.rejected === rejectedAccessToken) return inFlight.promise;
    // A refresh already under way may not replace this token (one not yet due keeps it): wait
    // for it, then look again.
    if (inFlight) {
      const again = () => this.forceRefresh(rejectedAccessToken);
      return inFlight.promise.then(again, again);
    }
    return this.startRefresh(
      (current) => current.access_token !== rejectedAccessToken,
      rejectedAccessToken,
    );
  }

  /**
   * Sends a request with the session's access token (refreshed first if due). A 401 forces one
   * real refresh and one retry with the new token; a 401 to that retry ends the session, as a
   * refused refresh does. When no new token could be had (the refresh endpoint unreachable or
   * failing with a retryable status) the first answer is returned and the session kept.
   */
  async authorized<R>(
    send: (accessToken: string | undefined) => Promise<R>,
    isUnauthorized: (result: R) => boolean,
  ): Promise<R> {
    const session = await this.refreshIfDue();
    const first = await send(session?.access_token);
    if (!session || !isUnauthorized(first)) return first;
    const refreshed = await this.forceRefresh(session.access_token);
    if (!refreshed || refreshed.access_token === session.access_token) return first;
    const second = await send(refreshed.access_token);
    // Unless another tab has stored a different session since, this one is over.
    if (isUnauthorized(second) && this.session?.access_token === refreshed.access_token) {
      this.signOut('session_ended');
    }
    return second;
  }

  /** Runs one refresh under the cross-tab lock, unless `keep` says the stored session will do. */
  private startRefresh(
    keep: (current: Session) => boolean,
    rejected: string | undefined,
  ): Promise<Session | null> {
    const promise = this.withLock(`${this.options.storageKey}.refresh`, async () => {
      const current = this.session;
      if (!current) return null;
      if (keep(current)) return current;
      let result: { status: number; body: unknown };
      try {
        result = await this.options.refresh(current.refresh_token);
      } catch {
        return current; // offline: keep the session and try again at the next check
      }
      if (result.status >= 200 && result.status < 300) {
        const next = result.body as Session;
        this.setSession(next, 'TOKEN_REFRESHED');
        return next;
      }
      if (RETRYABLE_STATUSES.has(result.status)) return current;
      this.signOut('session_ended');
      return null;
    }).finally(() => {
      if (this.refreshing?.promise === promise) this.refreshing = undefined;
    });
    this.refreshing = { promise, rejected };
    return promise;
  }

  private emit(event: AuthEvent, session: Session | null, reason?: SignOutReason): void {
    for (const listener of this.listeners) listener(event, session, reason);
  }
}

/**
 * The session client of a browser tab, on `localStorage` under this host's key, refreshing
 * through POST /api/auth/refresh under a Web Lock, and following other tabs' changes. The site
 * and the admin each create one; being on one origin, they share the session.
 */
export function createBrowserSessionClient(): SessionClient {
  const client = new SessionClient({
    storage: window.localStorage,
    storageKey: sessionStorageKey(window.location.host),
    refresh: async (refreshToken) => {
      const response = await fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      return { status: response.status, body: await response.json().catch(() => undefined) };
    },
    withLock: (name, task) => (navigator.locks ? navigator.locks.request(name, task) : task()),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  });
  window.addEventListener('storage', (event) => client.handleStorageChange(event.key));
  return client;
}
