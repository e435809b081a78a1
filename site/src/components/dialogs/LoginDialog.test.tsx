import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { memberSession } from '../../test/session';
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

  describe('with two-step verification', () => {
    const session = memberSession({ factors: [{ id: 'f1', type: 'totp', created_at: '' }] });
    const bodyOf = (fetch: ReturnType<typeof stubApi>, path: string) =>
      JSON.parse(String(fetch.mock.calls.find(([url]) => url.endsWith(path))?.[1]?.body));

    async function passwordStep() {
      const user = userEvent.setup();
      await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
      await user.type(screen.getByLabelText(/^Password/), 'secret');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(
        await screen.findByRole('heading', { name: 'Two-step verification' }),
      ).toBeInTheDocument();
      return user;
    }

    it('asks for the code after the password, and signs in with it', async () => {
      const fetch = stubApi({
        'POST /auth/login': [200, { mfa_required: true, mfa_token: 'mfa-1' }],
        'POST /auth/mfa/challenge': [200, session],
      });
      const onClose = vi.fn();
      renderWithApp(<LoginDialog open onClose={onClose} onSwitch={() => undefined} />);
      const user = await passwordStep();
      expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
      await user.type(screen.getByLabelText(/^Authentication code/), '123 456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(bodyOf(fetch, '/auth/mfa/challenge')).toEqual({ mfa_token: 'mfa-1', code: '123456' });
    });

    it('takes a recovery code instead, and says when a code is wrong', async () => {
      const fetch = stubApi({
        'POST /auth/login': [200, { mfa_required: true, mfa_token: 'mfa-2' }],
        'POST /auth/mfa/challenge': [
          400,
          { statusCode: 400, code: 'invalid_mfa_code', message: 'server text' },
        ],
      });
      renderWithApp(<LoginDialog open onClose={() => undefined} onSwitch={() => undefined} />);
      const user = await passwordStep();
      await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
      await user.type(screen.getByLabelText(/^Recovery code/), 'ABCD-EFGH-JKMN-PQRS');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(
        await screen.findByText('That code is not valid. Please check it and try again.'),
      ).toBeInTheDocument();
      expect(bodyOf(fetch, '/auth/mfa/challenge')).toEqual({
        mfa_token: 'mfa-2',
        recovery_code: 'ABCD-EFGH-JKMN-PQRS',
      });
      expect(screen.getByRole('button', { name: 'Use your authenticator app' })).toBeVisible();
    });

    it('goes back to the password once the sign-in has expired', async () => {
      stubApi({
        'POST /auth/login': [200, { mfa_required: true, mfa_token: 'mfa-3' }],
        'POST /auth/mfa/challenge': [
          401,
          { statusCode: 401, code: 'invalid_mfa_token', message: 'server text' },
        ],
      });
      renderWithApp(<LoginDialog open onClose={() => undefined} onSwitch={() => undefined} />);
      const user = await passwordStep();
      await user.type(screen.getByLabelText(/^Authentication code/), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
      expect(
        screen.getByText('Your sign-in has expired. Please sign in again.'),
      ).toBeInTheDocument();
      expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    });
  });
});
