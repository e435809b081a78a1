import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { LoginDialog } from './LoginDialog';

describe('LoginDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [
      'invalid_credentials',
      400,
      'Invalid email or password. Please check your credentials and try again.',
    ],
    [
      'email_not_confirmed',
      403,
      'Please check your email and confirm your account before signing in.',
    ],
    ['too_many_requests', 429, 'Too many login attempts. Please wait a moment and try again.'],
    ['whatever', 500, 'Login failed. Please try again.'],
  ])('maps %s to the spec message', async (code, status, message) => {
    stubApi({ 'POST /auth/login': [status, { statusCode: status, code, message: 'server text' }] });
    renderWithApp(<LoginDialog open onClose={() => undefined} onSwitch={() => undefined} />);
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'a@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows the unexpected-error message when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderWithApp(<LoginDialog open onClose={() => undefined} onSwitch={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'a@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText('An unexpected error occurred. Please try again.'),
    ).toBeInTheDocument();
  });

  it('offers Sign up and Reset Password', async () => {
    stubApi({});
    const onSwitch = vi.fn();
    renderWithApp(<LoginDialog open onClose={() => undefined} onSwitch={onSwitch} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(onSwitch.mock.calls).toEqual([['signup'], ['reset']]);
  });

  it('offers a new confirmation e-mail for the address a login was refused for', async () => {
    const fetch = stubApi({
      'POST /auth/login': [403, { statusCode: 403, code: 'email_not_confirmed', message: 'x' }],
      'POST /auth/resend-confirmation': [200, {}],
    });
    renderWithApp(<LoginDialog open onClose={() => undefined} onSwitch={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(await screen.findByRole('button', { name: 'Resend confirmation e-mail' }));
    expect(
      await screen.findByText(
        "If an account with that e-mail is waiting for confirmation, we've sent a new link.",
      ),
    ).toBeInTheDocument();
    const resend = fetch.mock.calls.find(([url]) => url.endsWith('/auth/resend-confirmation'));
    expect(JSON.parse(String(resend?.[1]?.body))).toEqual({ email: 'ada@example.com' });
  });

  it('drops the last error when the visitor switches to Sign up and back', async () => {
    stubApi({
      'POST /auth/login': [400, { statusCode: 400, code: 'invalid_credentials', message: 'x' }],
    });
    const message = 'Invalid email or password. Please check your credentials and try again.';
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button onClick={() => setOpen(true)}>Log in again</button>
          <LoginDialog open={open} onClose={() => setOpen(false)} onSwitch={() => setOpen(false)} />
        </>
      );
    }
    renderWithApp(<Harness />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'a@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await user.click(await screen.findByRole('button', { name: 'Log in again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });
});
