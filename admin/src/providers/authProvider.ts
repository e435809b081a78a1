import { HttpError, type AuthProvider } from 'react-admin';
import {
  isMfaRequired,
  type AdminIdentityRecord,
  type LoginRequest,
  type MfaChallengeRequest,
  type Session,
} from '@leadpulse/common';
import { MFA_ENROLLMENT_REQUIRED, MfaRequiredError } from '../auth/two-step';
import { allows } from './access';
import { httpClient } from './httpClient';
import { sessionClient } from './session';

export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/** An administrator who must set up two-step verification before anything else. */
type Enrolling = typeof MFA_ENROLLMENT_REQUIRED;

/**
 * Whether the signed-in user may use the back office; the server decides (GET /api/admin/identity):
 * the administrator, null for a member, or the enrolment an administrator owes first.
 */
async function fetchIdentity(): Promise<AdminIdentityRecord | Enrolling | null> {
  try {
    return (await httpClient('/api/admin/identity')).json as AdminIdentityRecord;
  } catch (error) {
    if (
      error instanceof HttpError &&
      (error.body as { code?: string } | undefined)?.code === MFA_ENROLLMENT_REQUIRED
    )
      return MFA_ENROLLMENT_REQUIRED;
    if ((error as { status?: number }).status === 403) return null;
    throw error;
  }
}

let cached:
  { account: string; identity: Promise<AdminIdentityRecord | Enrolling | null> } | undefined;

/**
 * The signed-in administrator (null for a member who is not one), asked once per session:
 * react-admin asks canAccess for every button, and each answer comes from here.
 */
function identity(): Promise<AdminIdentityRecord | Enrolling | null> {
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

/** The administrator, or null for a member or one who owes the enrolment first. */
async function administrator(): Promise<AdminIdentityRecord | null> {
  const admin = await identity();
  return admin === MFA_ENROLLMENT_REQUIRED ? null : admin;
}

/** The password step, or the code step of a sign-in with two-step verification. */
export type LoginParams = { username: string; password: string } | MfaChallengeRequest;

/** A refused sign-in: the server's message, and its code (`invalid_mfa_token` sends back to the password). */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'LoginError';
  }
}

async function post(path: string, payload: object): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch {
    throw new Error(UNEXPECTED_ERROR);
  }
  const body = (await response.json().catch(() => undefined)) as
    { message?: string; code?: string } | undefined;
  if (!response.ok || !body) throw new LoginError(body?.message || UNEXPECTED_ERROR, body?.code);
  return body;
}

export const authProvider: AuthProvider = {
  /** Throws MfaRequiredError when the password was right and a code is due; the page asks for it. */
  async login(params: LoginParams) {
    const answer =
      'mfa_token' in params
        ? await post('/api/auth/mfa/challenge', params)
        : await post('/api/auth/login', {
            email: params.username,
            password: params.password,
          } satisfies LoginRequest);
    if (isMfaRequired(answer)) throw new MfaRequiredError(answer.mfa_token);
    forgetIdentity();
    sessionClient.setSession(answer as Session);
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

  /**
   * The administrator's permissions (an empty list without a role); null for a member;
   * MFA_ENROLLMENT_REQUIRED for an administrator who must set up two-step verification first.
   */
  async getPermissions() {
    const admin = await identity();
    if (admin === MFA_ENROLLMENT_REQUIRED) return admin;
    return admin ? (admin.permissions ?? []) : null;
  },

  async getIdentity() {
    const admin = await administrator();
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
    const admin = await administrator();
    return !!admin && allows(admin.permissions ?? [], { action, resource, record });
  },
};
