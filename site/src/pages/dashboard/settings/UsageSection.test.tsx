import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiTable } from '../../../features/leads/test-fixtures';
import { renderWithApp } from '../../../test/render';
import { UsageSection } from './UsageSection';

describe('UsageSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each limit with what is used, unlimited ones as such, and when credits reset', async () => {
    vi.stubGlobal(
      'fetch',
      apiTable({
        'GET /me/usage': [
          200,
          {
            profiles_tracked: { used: 500, allowed: 500 },
            profiles_monitored: { used: 37, allowed: null },
            ai_credits: { used: 1200, allowed: 10000, resets_at: '2026-12-01T12:00:00.000Z' },
          },
        ],
      }).fetch,
    );
    renderWithApp(<UsageSection />);
    expect(await screen.findByText('500 of 500')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Tracked leads: 500 of 500' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.getByText('37 (unlimited)')).toBeVisible();
    expect(screen.queryByRole('progressbar', { name: /Monitored/ })).toBeNull();
    expect(screen.getByText('1,200 of 10,000')).toBeVisible();
    expect(screen.getByText('Resets on Dec 1, 2026.')).toBeVisible();
    expect(screen.getByText(/You have reached a limit/)).toBeVisible();
  });

  it('offers Try Again when usage cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      apiTable({
        'GET /me/usage': [503, { statusCode: 503, code: 'unavailable', message: 'Try later.' }],
      }).fetch,
    );
    renderWithApp(<UsageSection />);
    expect(await screen.findByText('Try later.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});
