import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { ConfirmEmailPage } from './ConfirmEmailPage';

describe('ConfirmEmailPage', () => {
  afterEach(() => vi.unstubAllGlobals());

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
