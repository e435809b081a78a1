import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { AuthDialogsProvider } from '../components/dialogs/AuthDialogs';
import { AuthProvider } from '../features/auth/AuthProvider';
import { createQueryClient } from '../features/leads/query-client';
import { SnackbarHost } from '../features/snackbar/SnackbarHost';
import { RouterNavigation } from '../router';

/** Renders inside the providers the app has, at a given URL (with a fresh query cache). */
export function renderWithApp(ui: ReactElement, url = '/') {
  const queryClient = createQueryClient();
  // Tests wait for answers, not retries.
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SnackbarHost>
        <AuthProvider>
          <MemoryRouter initialEntries={[url]}>
            <RouterNavigation>
              <AuthDialogsProvider>{ui}</AuthDialogsProvider>
            </RouterNavigation>
          </MemoryRouter>
        </AuthProvider>
      </SnackbarHost>
    </QueryClientProvider>,
  );
}

/** A fetch that answers each API path from a table: `{ 'POST /auth/login': [400, body] }`. */
export function stubApi(routes: Record<string, [number, unknown?]>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url.replace(/^\/api/, '')}`;
    const [status, body] = routes[key] ?? [
      404,
      { statusCode: 404, code: 'not_found', message: 'Not found.' },
    ];
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
