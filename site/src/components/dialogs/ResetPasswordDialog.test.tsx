import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { ResetPasswordDialog } from './ResetPasswordDialog';

describe('ResetPasswordDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes from the form to the success state with a Close button', async () => {
    stubApi({ 'POST /auth/recover': [200, {}] });
    const onClose = vi.fn();
    renderWithApp(<ResetPasswordDialog open onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(
      await screen.findByText('Password reset email sent! Check your inbox.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the spec failure message', async () => {
    stubApi({
      'POST /auth/recover': [500, { statusCode: 500, code: 'internal_error', message: 'x' }],
    });
    renderWithApp(<ResetPasswordDialog open onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(
      await screen.findByText('Failed to send password reset email. Please try again.'),
    ).toBeInTheDocument();
  });
});
