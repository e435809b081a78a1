import type { ReactElement } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import {
  AdminContext,
  Notification,
  testDataProvider,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { ROLE_PERMISSIONS, sessionStorageKey, type Permission } from '@leadpulse/common';
import { vi } from 'vitest';
import { allows } from './providers/access';

/** An authProvider for an administrator holding these permissions, answering by the real rule. */
export function authProviderWith(permissions: Permission[]): AuthProvider {
  return {
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getPermissions: vi.fn(async () => permissions),
    getIdentity: vi.fn(async () => ({ id: 'admin-1', fullName: 'Ada Lovelace' })),
    canAccess: vi.fn(async (params: Parameters<AuthProvider['canAccess'] & object>[0]) =>
      allows(permissions, params),
    ),
  };
}

/** The authProvider of the screen `renderAdmin` rendered last. */
let rendered: AuthProvider | undefined;

/**
 * Waits until every question the last rendered screen put to the authProvider (identity,
 * permissions, access) is answered and rendered, after it asked for its identity with
 * `identity`: then what the screen leaves out is left out for good.
 */
export async function accessSettled({ identity = false } = {}): Promise<void> {
  const questions = Object.values(rendered ?? {}).filter((answer) => vi.isMockFunction(answer));
  if (identity)
    await vi.waitFor(() => {
      const asked = rendered?.getIdentity;
      if (!vi.isMockFunction(asked) || asked.mock.calls.length === 0)
        throw new Error('The identity was not asked for');
    });
  for (let answered = -1; ;) {
    const answers = questions.flatMap((question) =>
      question.mock.results.map((result) => result.value as unknown),
    );
    if (answers.length === answered) return;
    answered = answers.length;
    await act(async () => void (await Promise.allSettled(answers)));
  }
}

/** Renders a screen inside react-admin, with toasts, at a path of the portal. */
export function renderAdmin(
  ui: ReactElement,
  {
    permissions,
    dataProvider = {},
    path = '/',
    queryClient,
  }: {
    permissions: Permission[];
    dataProvider?: Partial<DataProvider>;
    path?: string;
    queryClient?: QueryClient;
  },
) {
  rendered = authProviderWith(permissions);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={testDataProvider(dataProvider)}
        authProvider={rendered}
        queryClient={queryClient}
      >
        {ui}
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

/** A fetch answering each `METHOD /path` from a table (see `answerFrom`); 404 otherwise. */
export function stubFetch(routes: Record<string, StubAnswer | (() => StubAnswer)>) {
  return async (input: RequestInfo | URL, init?: RequestInit) => answerFrom(routes, input, init);
}

/** Where the app keeps its session in this test page's storage. */
export const SESSION_KEY = sessionStorageKey(window.location.host);

/** A stored session of an administrator, as sign-in leaves it. */
export const SESSION = {
  access_token: 'access',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  refresh_token: 'refresh',
  user: {
    id: 'acc1',
    email: 'ada@example.com',
    created_at: '',
    email_confirmed_at: null,
    last_sign_in_at: null,
    metadata: {},
    factors: [],
  },
};

/** GET /api/admin/identity of an Owner (every permission). */
export const OWNER = {
  id: 'u1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  is_admin: true,
  name: 'Ada Lovelace',
  roles: [{ id: 'r1', name: 'Owner' }],
  permissions: [...ROLE_PERMISSIONS],
};

export type StubAnswer = [number, unknown];

/**
 * The answer to a request from a table of `METHOD /path?query` entries: the entry with its query
 * string first, then the bare path (a function entry answers afresh on every call); 404 otherwise.
 */
function answerFrom(
  routes: Record<string, StubAnswer | (() => StubAnswer)>,
  input: RequestInfo | URL,
  init?: RequestInit,
): Response {
  const url = String(input instanceof Request ? input.url : input).replace(/^https?:\/\/[^/]+/, '');
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const route = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
  const [status, body] = (typeof route === 'function' ? route() : route) ?? [
    404,
    { statusCode: 404, code: 'not_found', message: 'Not found.' },
  ];
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Stubs the global fetch with answers from a table (see `answerFrom`); answers the mock. */
export function stubApi(routes: Record<string, StubAnswer | (() => StubAnswer)>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    answerFrom(routes, input, init),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
