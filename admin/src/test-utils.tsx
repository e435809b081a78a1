import type { ReactElement } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  AdminContext,
  Notification,
  testDataProvider,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import type { Permission } from '@leadpulse/common';
import { allows } from './providers/access';

/** An authProvider for an administrator holding these permissions, answering by the real rule. */
export function authProviderWith(permissions: Permission[]): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => permissions,
    getIdentity: async () => ({ id: 'admin-1', fullName: 'Ada Lovelace' }),
    canAccess: async (params) => allows(permissions, params),
  };
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
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={testDataProvider(dataProvider)}
        authProvider={authProviderWith(permissions)}
        queryClient={queryClient}
      >
        {ui}
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

/** A fetch answering each `METHOD /path` (query string ignored) from a table; 404 otherwise. */
export function stubFetch(routes: Record<string, [number, unknown]>) {
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const [status, body] = routes[`${init?.method ?? 'GET'} ${url.pathname}`] ?? [
      404,
      { statusCode: 404, code: 'not_found', message: 'Not found.' },
    ];
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return fetch;
}
