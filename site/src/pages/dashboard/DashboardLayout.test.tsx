import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionClient } from '../../features/auth/session';
import { takeAfterSignIn } from '../../features/navigation/after-sign-in';
import { renderWithApp, stubApi } from '../../test/render';
import { memberSession } from '../../test/session';
import { DashboardLayout } from './DashboardLayout';

const session = (expiresInSeconds: number) => memberSession({ expiresInSeconds });

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function renderDashboard(url = '/dashboard') {
  return renderWithApp(
    <>
      <Routes>
        <Route path="/" element={<p>Landing page</p>} />
        <Route path="/dashboard" element={<DashboardLayout />}>
          <Route index element={<p>Dashboard home</p>} />
          <Route path="settings" element={<p>Settings page</p>} />
        </Route>
      </Routes>
      <Address />
    </>,
    url,
  );
}

describe('DashboardLayout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the loading state while the refresh of an expired session decides', async () => {
    sessionClient.setSession(session(-60));
    let answer!: (response: Response) => void;
    const fetch = stubApi({ 'GET /me': [200, { first_name: 'Ada', last_name: 'L' }] });
    const routes = fetch.getMockImplementation()!;
    fetch.mockImplementation((url: string, init?: RequestInit) =>
      url.endsWith('/auth/refresh')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : routes(url, init),
    );
    renderDashboard();
    expect(await screen.findByText('Loading dashboard...')).toBeVisible();
    expect(screen.getByText('Checking authentication...')).toBeVisible();
    expect(screen.queryByText('Dashboard home')).toBeNull();

    await act(async () => answer(new Response(JSON.stringify(session(3600)), { status: 200 })));
    expect(await screen.findByText('Dashboard home')).toBeVisible();
  });

  it('asks to sign in when the expired session cannot be refreshed', async () => {
    sessionClient.setSession(session(-60));
    stubApi({
      'POST /auth/refresh': [401, { statusCode: 401, code: 'invalid_token', message: 'x' }],
    });
    renderDashboard();
    expect(await screen.findByText('Authentication Required')).toBeVisible();
  });

  it('opens the notification settings from the bell', async () => {
    sessionClient.setSession(session(3600));
    stubApi({ 'GET /me': [200, { first_name: 'Ada', last_name: 'L' }] });
    renderDashboard();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('Settings page')).toBeVisible();
    expect(screen.getByLabelText('address')).toHaveTextContent(
      '/dashboard/settings?tab=notifications',
    );
  });

  it('says so when the server ends an open page’s session, opens Login and keeps the page', async () => {
    sessionClient.setSession(session(3600));
    stubApi({
      'GET /me': [200, { first_name: 'Ada', last_name: 'L' }],
      'POST /auth/refresh': [401, { statusCode: 401, code: 'invalid_token', message: 'x' }],
    });
    renderDashboard('/dashboard/settings?tab=security');
    expect(await screen.findByText('Settings page')).toBeVisible();

    await act(() => sessionClient.forceRefresh('a'));
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeVisible();
    expect(screen.getByText('Landing page')).toBeVisible();
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
    expect(takeAfterSignIn()).toBe('/dashboard/settings?tab=security');
  });

  it('says nothing when the member signs out', async () => {
    sessionClient.setSession(session(3600));
    stubApi({ 'GET /me': [200, { first_name: 'Ada', last_name: 'L' }] });
    renderDashboard();
    expect(await screen.findByText('Dashboard home')).toBeVisible();
    act(() => sessionClient.signOut());
    expect(await screen.findByText('Landing page')).toBeVisible();
    expect(screen.queryByText('Your session has ended. Please sign in again.')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(takeAfterSignIn()).toBeUndefined();
  });
});
