import type { AuthProvider } from 'react-admin';
import type { AdminIdentityRecord, Session } from '@leadpulse/common';
import { allows } from './access';
import { httpClient } from './httpClient';
import { sessionClient } from './session';

export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/** Whether the signed-in user may use the back office; the server decides (GET /api/admin/identity). */
async function fetchIdentity(): Promise<AdminIdentityRecord | null> {
  try {
    return (await httpClient('/api/admin/identity')).json as AdminIdentityRecord;
  } catch (error) {
    if ((error as { status?: number }).status === 403) return null;
    throw error;
  }
}

let cached: { account: string; identity: Promise<AdminIdentityRecord | null> } | undefined;

/**
 * The signed-in administrator (null for a member who is not one), asked once per session:
 * react-admin asks canAccess for every button, and each answer comes from here.
 */
function identity(): Promise<AdminIdentityRecord | null> {
  const account = sessionClient.session?.user.id ?? '';
  if (!cached || cached.account !== account) {
    const request = fetchIdentity();
    cached = { account, identity: request };
    // A failed request is not remembered: the next question asks again.
    request.catch(() => {
      if (cached?.identity === request) cached = undefined;
    });
  }
  return cached.identity;
}

/** Forget the cached identity, e.g. after the administrator's own roles changed. */
export function forgetIdentity() {
  cached = undefined;
}

export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    let response: Response;
    try {
      response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: username, password }),
      });
    } catch {
      throw new Error(UNEXPECTED_ERROR);
    }
    const body = (await response.json().catch(() => undefined)) as
      (Session & { message?: string }) | undefined;
    if (!response.ok || !body) throw new Error(body?.message || UNEXPECTED_ERROR);
    forgetIdentity();
    sessionClient.setSession(body);
  },

  async logout() {
    const session = sessionClient.session;
    forgetIdentity();
    sessionClient.signOut();
    if (session) {
      await fetch('/api/auth/logout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: session.refresh_token }),
      }).catch(() => undefined);
    }
  },

  async checkAuth() {
    if (!(await sessionClient.refreshIfDue())) throw new Error('Not signed in');
  },

  async checkError(error: { status?: number }) {
    // A 401 that survived a refresh means the sign-in is over.
    if (error.status === 401) {
      forgetIdentity();
      sessionClient.signOut();
      throw new Error('Session expired');
    }
  },

  /** The administrator's permissions (an empty list without a role); null for a member. */
  async getPermissions() {
    const admin = await identity();
    return admin ? (admin.permissions ?? []) : null;
  },

  async getIdentity() {
    const admin = await identity();
    if (admin)
      return {
        ...admin,
        fullName: `${admin.first_name} ${admin.last_name}`.trim() || admin.name || admin.email,
      };
    const session = sessionClient.session;
    return { id: session?.user.id ?? '', fullName: session?.user.email ?? '' };
  },

  /** Reads for every administrator; a write when a role grants its permission (see access.ts). */
  async canAccess({ action, resource, record }) {
    const admin = await identity();
    return !!admin && allows(admin.permissions ?? [], { action, resource, record });
  },
};
