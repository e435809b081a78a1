import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';
import { NewsletterConfirmPage, UnsubscribePage } from './NewsletterLinkPage';

describe('newsletter link pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms the subscription with the token of the link, once', async () => {
    const fetch = stubApi({
      'POST /newsletter/confirm': [200, { email: 'a@example.com', status: 'active' }],
    });
    renderWithApp(<NewsletterConfirmPage />, '/newsletter/confirm#token=t1');
    expect(await screen.findByRole('heading', { name: "You're subscribed!" })).toBeInTheDocument();
    expect(screen.getByText(/We'll write to a@example.com/)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(fetch.mock.calls[0][1]!.body as string)).toEqual({ token: 't1' });
  });

  it("shows the server's message for a dead link, and asks nothing without a token", async () => {
    stubApi({
      'POST /newsletter/unsubscribe': [
        400,
        { statusCode: 400, code: 'invalid_token', message: 'This link is invalid or has expired.' },
      ],
    });
    renderWithApp(<UnsubscribePage />, '/unsubscribe#token=forged');
    expect(await screen.findByText('This link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');

    vi.unstubAllGlobals();
    const fetch = stubApi({});
    renderWithApp(<NewsletterConfirmPage />, '/newsletter/confirm');
    expect(
      (await screen.findAllByText('This link is invalid or has expired.')).length,
    ).toBeGreaterThan(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('unsubscribes and says that account e-mails still arrive', async () => {
    stubApi({
      'POST /newsletter/unsubscribe': [200, { email: 'a@example.com', status: 'unsubscribed' }],
    });
    renderWithApp(<UnsubscribePage />, '/unsubscribe#token=u1');
    expect(await screen.findByRole('heading', { name: "You're unsubscribed" })).toBeInTheDocument();
    expect(screen.getByText(/password resets and receipts, still arrive/)).toBeInTheDocument();
  });
});
