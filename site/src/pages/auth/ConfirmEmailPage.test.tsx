import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, sessionStorageKey } from '@leadpulse/common';
import { renderWithApp, stubApi } from '../../test/render';
import { memberSession } from '../../test/session';
import { ConfirmEmailPage } from './ConfirmEmailPage';
import { SetupPasswordPage } from './SetupPasswordPage';

const session = memberSession({ email: 'a@example.com' });

function renderConfirmation() {
  renderWithApp(
    <Routes>
      <Route path="/confirm-email" element={<ConfirmEmailPage />} />
      <Route path="/setup-password" element={<SetupPasswordPage />} />
      <Route path="/dashboard" element={<h1>Dashboard</h1>} />
    </Routes>,
    '/confirm-email#token=c1',
  );
}

describe('ConfirmEmailPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('confirms with the sign-up cookie and goes to the dashboard', async () => {
    const fetch = stubApi({ 'POST /auth/confirm': [200, session] });
    renderConfirmation();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/auth/confirm');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'c1' });
    // Same origin: the browser sends the sign-up cookie unless told to omit credentials.
    expect(init?.credentials ?? 'same-origin').toBe('same-origin');
  });

  it('asks for a password when the confirmation dropped the one chosen at sign-up', async () => {
    const fetch = stubApi({
      'POST /auth/confirm': [200, { ...session, password_setup_token: 's1' }],
      'POST /auth/check-token': [200, { valid: true, kind: 'password_setup' }],
    });
    renderConfirmation();
    expect(
      await screen.findByRole('heading', { name: MESSAGES.setupPassword.chooseTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.setupPassword.chooseReason)).toBeInTheDocument();
    expect(screen.getByLabelText(/^New Password/)).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[1][1]?.body))).toEqual({ token: 's1' });
    // Signed in meanwhile, without keeping the setup token in the stored session.
    const stored = localStorage.getItem(sessionStorageKey(window.location.host));
    expect(JSON.parse(stored!)).toMatchObject({ access_token: 'a' });
    expect(stored).not.toContain('s1');
  });

  it('shows the invalid-link state for a used link', async () => {
    stubApi({
      'POST /auth/confirm': [
        400,
        { statusCode: 400, code: 'invalid_token', message: 'Invalid link.' },
      ],
    });
    renderConfirmation();
    expect(await screen.findByText(MESSAGES.session.invalidConfirmationLink)).toBeInTheDocument();
  });

  it('asks for the e-mail on an expired link and sends a new confirmation link', async () => {
    const fetch = stubApi({
      'POST /auth/confirm': [400, { statusCode: 400, code: 'invalid_token', message: 'x' }],
      'POST /auth/resend-confirmation': [200, {}],
    });
    renderWithApp(<ConfirmEmailPage />, '/confirm-email?token=old');
    expect(
      await screen.findByText(
        'This confirmation link is invalid or has expired. Please request a new one.',
      ),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(
      await screen.findByText(
        "If an account with that e-mail is waiting for confirmation, we've sent a new link.",
      ),
    ).toBeInTheDocument();
    const resend = fetch.mock.calls.find(([url]) => url.endsWith('/auth/resend-confirmation'));
    expect(JSON.parse(String(resend?.[1]?.body))).toEqual({ email: 'ada@example.com' });
  });

  it('shows the rate limit and lets the visitor try again', async () => {
    stubApi({
      'POST /auth/resend-confirmation': [
        429,
        { statusCode: 429, code: 'too_many_requests', message: 'x' },
      ],
    });
    renderWithApp(<ConfirmEmailPage />, '/confirm-email');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(
      await screen.findByText('Too many requests. Please wait a moment and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend confirmation e-mail' })).toBeEnabled();
  });
});
