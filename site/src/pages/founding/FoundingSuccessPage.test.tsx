import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../test/render';

// canvas-confetti draws on a <canvas>, which jsdom cannot; the page's timing is what is tested.
const { confetti, create } = vi.hoisted(() => {
  const fire = vi.fn();
  return { confetti: fire, create: vi.fn(() => fire) };
});
vi.mock('canvas-confetti', () => ({ default: { create } }));
const { FoundingSuccessPage, CONFETTI_DELAY_MS } = await import('./FoundingSuccessPage');

describe('FoundingSuccessPage', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the session id and the benefits, and starts the confetti after 500 ms', async () => {
    vi.useFakeTimers();
    stubApi({
      'GET /founding/session/cs_test_123': [200, { status: 'complete', email: 'ada@example.com' }],
    });
    renderWithApp(<FoundingSuccessPage />, '/founding-member-success?session_id=cs_test_123');

    expect(screen.getByText('Session ID: cs_test_123')).toBeInTheDocument();
    for (const benefit of [
      '3 months premium access',
      'Unlimited AI monitoring',
      'Feature voting rights',
      'Private community',
    ]) {
      expect(screen.getByText(benefit)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Check Email' })).toHaveAttribute('href', 'mailto:');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );

    await act(() => vi.advanceTimersByTimeAsync(CONFETTI_DELAY_MS - 1));
    expect(confetti).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(confetti).toHaveBeenCalledTimes(1);
  });

  // Its default worker comes from a blob: URL, which the Content-Security-Policy refuses.
  it('draws the confetti without a worker', () => {
    expect(create).toHaveBeenCalledWith(undefined, expect.objectContaining({ useWorker: false }));
  });
});
