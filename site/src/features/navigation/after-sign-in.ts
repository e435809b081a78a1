/**
 * A member-area address asked for while signed out (a link in an e-mail), to go on to once the
 * member has signed in: the sign-in itself lands on /dashboard. Kept in this tab only, for half an
 * hour.
 */
const KEY = 'lp_after_sign_in';
const KEPT_MS = 30 * 60 * 1000;

const isMemberPath = (path: unknown): path is string =>
  typeof path === 'string' && /^\/dashboard(?:[/?]|$)/.test(path);

export function rememberAfterSignIn(path: string): void {
  if (!isMemberPath(path)) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Storage refused (private mode): the member lands on the dashboard.
  }
}

/** The remembered address, once (it is forgotten as it is read). */
export function takeAfterSignIn(): string | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!raw) return undefined;
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof at !== 'number' || Date.now() - at > KEPT_MS) return undefined;
    return isMemberPath(path) ? path : undefined;
  } catch {
    return undefined;
  }
}
