import type { AuthProvider } from 'react-admin';
import type { Session } from '@leadpulse/common';
import { httpClient } from './httpClient';
import { sessionClient } from './session';

export const UNEXPECTED_ERROR = 'An unexpected error occurred';

interface Identity {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  is_admin: boolean;
}

/** Whether the signed-in user may use the back office; the server decides (GET /api/admin/identity). */
async function identity(): Promise<Identity | null> {
  try {
    return (await httpClient('/api/admin/identity')).json as Identity;
  } catch (error) {
    if ((error as { status?: number }).status === 403) return null;
    throw error;
  }
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
    sessionClient.setSession(body);
  },

  async logout() {
    const session = sessionClient.session;
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
      sessionClient.signOut();
      throw new Error('Session expired');
    }
  },

  async getPermissions() {
    return (await identity()) ? 'admin' : 'member';
  },

  async getIdentity() {
    const admin = await identity();
    const session = sessionClient.session;
    return {
      id: admin?.id ?? session?.user.id ?? '',
      fullName: admin
        ? `${admin.first_name} ${admin.last_name}`.trim() || admin.email
        : (session?.user.email ?? ''),
    };
  },
};
