import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FULL_NAME_MAX_LENGTH } from '@leadpulse/common';
import { renderWithApp, stubApi } from '../../test/render';
import { SignupDialog } from './SignupDialog';

async function fill(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Full Name/), 'Ada Lovelace');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.type(screen.getByLabelText(/^Confirm Password/), confirm);
  await user.click(screen.getByLabelText(/^I agree to the Terms of Service and Privacy Policy/));
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('SignupDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says so when the passwords do not match, and sends nothing', async () => {
    const fetch = stubApi({});
    renderWithApp(<SignupDialog open onClose={() => undefined} onSwitch={() => undefined} />);
    await fill('first passphrase', 'second passphrase');
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/signup', expect.anything());
  });

  it('links the terms it asks to accept, and closes from its own Close button', async () => {
    stubApi({});
    const onClose = vi.fn();
    renderWithApp(<SignupDialog open onClose={onClose} onSwitch={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps Create Account disabled until the terms are accepted', () => {
    stubApi({});
    renderWithApp(<SignupDialog open onClose={() => undefined} onSwitch={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  });

  it.each([
    ['email_exists', 409, 'This email is already in use. Please choose another one.'],
    ['invalid_email', 400, 'Please enter a valid email address.'],
    ['something_else', 500, 'Sign up failed. Please try again.'],
  ])('maps %s to the spec message', async (code, status, message) => {
    stubApi({
      'POST /auth/signup': [status, { statusCode: status, code, message: 'server text' }],
    });
    renderWithApp(<SignupDialog open onClose={() => undefined} onSwitch={() => undefined} />);
    await fill('good passphrase', 'good passphrase');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows the success toast and closes', async () => {
    stubApi({ 'POST /auth/signup': [201, { user: { id: 'u1' } }] });
    const onClose = vi.fn();
    renderWithApp(<SignupDialog open onClose={onClose} onSwitch={() => undefined} />);
    await fill('good passphrase', 'good passphrase');
    expect(
      await screen.findByText(
        'Account created successfully! Please check your email to verify your account.',
      ),
    ).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('takes a full name up to the length the server accepts', async () => {
    stubApi({});
    renderWithApp(<SignupDialog open onClose={() => undefined} onSwitch={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/^Full Name/));
    await user.paste('a'.repeat(FULL_NAME_MAX_LENGTH + 5));
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue('a'.repeat(FULL_NAME_MAX_LENGTH));
  });
});
