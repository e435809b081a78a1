import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { memberSession } from '../../test/session';
import { SetupPasswordPage } from './SetupPasswordPage';

const session = memberSession({ email: 'a@example.com' });

describe('SetupPasswordPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the invalid-link state without a token', async () => {
    stubApi({});
    renderWithApp(<SetupPasswordPage />, '/setup-password');
    expect(
      await screen.findByText('Invalid password reset link. Please try requesting a new one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
    // The way forward: the Reset Password dialog, to ask for a new link.
    await userEvent.click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(
      await screen.findByRole('dialog', { name: 'Reset Password' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows the invalid-link state for a used token', async () => {
    stubApi({ 'POST /auth/check-token': [200, { valid: false, kind: null }] });
    renderWithApp(<SetupPasswordPage />, '/setup-password#token=used');
    expect(
      await screen.findByText('Invalid password reset link. Please try requesting a new one.'),
    ).toBeInTheDocument();
  });

  it('validates, updates, and shows Password Updated', async () => {
    stubApi({
      'POST /auth/check-token': [200, { valid: true, kind: 'password_reset' }],
      'POST /auth/reset-password': [200, session],
    });
    renderWithApp(<SetupPasswordPage />, '/setup-password#token=good');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New Password/), 'abc');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'abd');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Confirm Password/));
    await user.type(screen.getByLabelText(/^Confirm Password/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByText('Password must be at least 6 characters long.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^New Password/), 'defgh');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'defgh');
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(screen.getByLabelText(/^New Password/)).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('heading', { name: 'Password Updated' })).toBeInTheDocument();
    expect(await screen.findByText('Password updated successfully!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('asks for a two-step code after setting the password, when the account has one', async () => {
    const fetch = stubApi({
      'POST /auth/check-token': [200, { valid: true, kind: 'password_reset' }],
      'POST /auth/reset-password': [200, { mfa_required: true, mfa_token: 'mfa-r' }],
      'POST /auth/mfa/challenge': [200, session],
    });
    renderWithApp(<SetupPasswordPage />, '/setup-password#token=good');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New Password/), 'abcdefgh');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(
      await screen.findByRole('heading', { name: 'Two-step verification' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Your password is set. Enter a code to sign in.')).toBeVisible();
    await user.type(screen.getByLabelText(/^Authentication code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Password Updated' })).toBeInTheDocument();
    const challenge = fetch.mock.calls.find(([url]) => url.endsWith('/auth/mfa/challenge'));
    expect(JSON.parse(String(challenge?.[1]?.body))).toEqual({
      mfa_token: 'mfa-r',
      code: '654321',
    });
  });

  it('requires at least 6 characters in both inputs', async () => {
    stubApi({ 'POST /auth/check-token': [200, { valid: true, kind: 'password_reset' }] });
    renderWithApp(<SetupPasswordPage />, '/setup-password#token=good');
    expect(await screen.findByLabelText(/^New Password/)).toHaveAttribute('minlength', '6');
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveAttribute('minlength', '6');
  });

  it('follows a new link pasted into the tab that shows an invalid one', async () => {
    stubApi({
      'POST /auth/check-token': [200, { valid: true, kind: 'password_reset' }],
    });
    renderWithApp(<SetupPasswordPage />, '/setup-password');
    expect(
      await screen.findByText('Invalid password reset link. Please try requesting a new one.'),
    ).toBeInTheDocument();
    try {
      act(() => {
        window.location.hash = '#token=fresh';
        window.dispatchEvent(new HashChangeEvent('hashchange'));
      });
      expect(await screen.findByLabelText(/^New Password/)).toBeInTheDocument();
      expect(
        screen.queryByText('Invalid password reset link. Please try requesting a new one.'),
      ).not.toBeInTheDocument();
    } finally {
      window.location.hash = '';
    }
  });
});
