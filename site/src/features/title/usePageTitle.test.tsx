import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthDialogsProvider } from '../../components/dialogs/AuthDialogs';
import { Root } from '../../router';
import { routes } from '../../routes';
import { stubApi } from '../../test/render';
import { AuthProvider } from '../auth/AuthProvider';
import { SnackbarHost } from '../snackbar/SnackbarHost';

function renderAt(url: string) {
  const router = createMemoryRouter([{ element: <Root />, children: routes }], {
    initialEntries: [url],
  });
  render(
    <SnackbarHost>
      <AuthProvider>
        <AuthDialogsProvider>
          <RouterProvider router={router} />
        </AuthDialogsProvider>
      </AuthProvider>
    </SnackbarHost>,
  );
  return router;
}

describe('page titles', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names each page in the tab', async () => {
    stubApi({});
    const router = renderAt('/dashboard/settings');
    expect(document.title).toBe('Settings · LeadPulse');
    await act(() => router.navigate('/dashboard/content'));
    expect(document.title).toBe('Content · LeadPulse');
    await act(() => router.navigate('/dashboard'));
    expect(document.title).toBe('Welcome · LeadPulse');
    await act(() => router.navigate('/setup-password'));
    expect(document.title).toBe('Set your password · LeadPulse');
    await act(() => router.navigate('/no-such-page'));
    expect(document.title).toBe('Page not found · LeadPulse');
    await act(() => router.navigate('/'));
    expect(document.title).toBe('LeadPulse – Turn Likes Into Leads');
  });
});
