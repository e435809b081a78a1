import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionClient } from '../../features/auth/session';
import { renderWithApp, stubApi } from '../../test/render';
import { memberSession } from '../../test/session';

// canvas-confetti draws on a <canvas>, which jsdom cannot; the page's timing is what is tested.
const { confetti, create } = vi.hoisted(() => {
  const fire = vi.fn();
  return { confetti: fire, create: vi.fn(() => fire) };
});
vi.mock('canvas-confetti', () => ({ default: { create } }));
const { FoundingSuccessPage, CONFETTI_DELAY_MS, PROCESSING_POLL_MS } =
  await import('./FoundingSuccessPage');

const url = (id: string) => `/founding-member-success?session_id=${id}`;
const paid = { status: 'complete', payment_status: 'paid', email: 'ada@example.com' };

describe('FoundingSuccessPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    confetti.mockClear();
    localStorage.clear();
  });

  it('shows the session id and the benefits of a paid checkout, and the confetti after 500 ms', async () => {
    vi.useFakeTimers();
    stubApi({ 'GET /founding/session/cs_test_123': [200, paid] });
    renderWithApp(<FoundingSuccessPage />, url('cs_test_123'));
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(screen.getByText('Session ID: cs_test_123')).toBeInTheDocument();
    for (const benefit of [
      '3 months premium access',
      'Unlimited AI monitoring',
      'Feature voting rights',
      'Private community',
    ]) {
      expect(screen.getByText(benefit)).toBeInTheDocument();
    }
    expect(screen.getByText(/Your payment went through/)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(CONFETTI_DELAY_MS - 1));
    expect(confetti).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(confetti).toHaveBeenCalledTimes(1);
  });

  it('tells a buyer without a password to set it from the e-mail, not to open the dashboard', async () => {
    stubApi({ 'GET /founding/session/cs_paid': [200, paid] });
    renderWithApp(<FoundingSuccessPage />, url('cs_paid'));
    expect(
      await screen.findByText(
        /We've sent a link to ada@example.com\. Set your password with it first/,
      ),
    ).toBeInTheDocument();
    // The spec's two buttons; with an address at no public mail service, Check Email says where
    // the e-mail went instead of opening an empty message.
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('link', { name: /Check Email/ })).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Check Email' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      /We sent it to ada@example\.com, from LeadPulse\. .*spam or promotions folder/,
    );
  });

  it.each([
    ['ada@gmail.com', 'Gmail', 'https://mail.google.com/'],
    ['ada@outlook.com', 'Outlook', 'https://outlook.live.com/mail/'],
  ])('opens the webmail of a buyer at %s', async (email, name, href) => {
    stubApi({ 'GET /founding/session/cs_webmail': [200, { ...paid, email }] });
    renderWithApp(<FoundingSuccessPage />, url('cs_webmail'));
    const check = await screen.findByRole('link', {
      name: `Check Email in ${name} (opens in a new tab)`,
    });
    expect(check).toHaveAttribute('href', href);
    expect(check).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
  });

  it('tells a signed-in member who bought from Settings what is true for them', async () => {
    sessionClient.setSession(memberSession());
    stubApi({ 'GET /founding/session/cs_member': [200, paid] });
    renderWithApp(<FoundingSuccessPage />, url('cs_member'));
    expect(
      await screen.findByText(/Your founding membership is now part of your account\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Set your password/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('knows from the server that the buyer already has a password, even without a session here', async () => {
    stubApi({ 'GET /founding/session/cs_own': [200, { ...paid, password_set: true }] });
    renderWithApp(<FoundingSuccessPage />, url('cs_own'));
    expect(
      await screen.findByText(/Your founding membership is now part of your account\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
  });

  it('does not claim a payment for an expired or cancelled checkout, and offers to try again', async () => {
    stubApi({
      'GET /founding/session/cs_gone': [
        200,
        { status: 'expired', payment_status: 'unpaid', email: 'ada@example.com' },
      ],
    });
    renderWithApp(<FoundingSuccessPage />, url('cs_gone'));
    expect(
      await screen.findByRole('heading', { name: 'Your payment did not go through' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Your payment went through/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/#pricing');
    expect(confetti).not.toHaveBeenCalled();
  });

  it('sends an unknown checkout to support', async () => {
    stubApi({});
    renderWithApp(<FoundingSuccessPage />, url('made-up'));
    expect(
      await screen.findByRole('heading', { name: "We can't find this payment" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      'mailto:support@localhost',
    );
  });

  it('waits for a payment still being processed and shows it once it is through', async () => {
    vi.useFakeTimers();
    const processing = { status: 'complete', payment_status: 'unpaid', email: 'a@example.com' };
    const fetch = stubApi({ 'GET /founding/session/cs_slow': [200, processing] });
    renderWithApp(<FoundingSuccessPage />, url('cs_slow'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(
      screen.getByRole('heading', { name: 'Your payment is being processed' }),
    ).toBeInTheDocument();

    fetch.mockImplementation(async () => new Response(JSON.stringify(paid), { status: 200 }));
    await act(() => vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS));
    expect(screen.getByText(/Your payment went through/)).toBeInTheDocument();
  });

  // Its default worker comes from a blob: URL, which the Content-Security-Policy refuses.
  it('draws the confetti without a worker', () => {
    expect(create).toHaveBeenCalledWith(undefined, expect.objectContaining({ useWorker: false }));
  });
});
