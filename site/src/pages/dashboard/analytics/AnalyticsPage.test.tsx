import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Analytics } from '@leadpulse/common';
import { apiTable } from '../../../features/leads/test-fixtures';
import { renderWithApp } from '../../../test/render';
import { AnalyticsPage } from './AnalyticsPage';

// The charts draw in a browser; here the page's tables and states are what is checked.
vi.mock('./AnalyticsCharts', () => ({
  FunnelChart: () => null,
  ScoreChart: () => null,
  WeeklySignalsChart: () => null,
}));

const ANALYTICS: Analytics = {
  from: '2026-03-01',
  to: '2026-03-31',
  funnel: [
    { step: 'leads', count: 4, conversion: null },
    { step: 'tracked', count: 3, conversion: 75 },
    { step: 'contacted', count: 3, conversion: 100 },
    { step: 'conversation', count: 2, conversion: 66.7 },
    { step: 'meeting', count: 2, conversion: 100 },
    { step: 'won', count: 1, conversion: 50 },
  ],
  signals_per_week: [{ week: '2026-03-02', kind: 'replied', count: 2 }],
  score_distribution: Array.from({ length: 10 }, (_, i) => ({
    from: i * 10,
    to: i === 9 ? 100 : i * 10 + 9,
    count: i === 9 ? 2 : 0,
  })),
  median_days_to_meeting: 8,
  meetings: 4,
  reasons: { won: [{ reason: null, count: 1 }], lost: [{ reason: 'No budget', count: 2 }] },
};

const EMPTY: Analytics = {
  ...ANALYTICS,
  funnel: ANALYTICS.funnel.map((entry) => ({ ...entry, count: 0, conversion: null })),
  signals_per_week: [],
  score_distribution: ANALYTICS.score_distribution.map((bucket) => ({ ...bucket, count: 0 })),
  median_days_to_meeting: null,
  meetings: 0,
  reasons: { won: [], lost: [] },
};

describe('AnalyticsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the period of the address and shows each figure as a table', async () => {
    const api = apiTable({ 'GET /analytics': [200, ANALYTICS] });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<AnalyticsPage />, '/dashboard/analytics?from=2026-03-01&to=2026-03-31');
    const funnel = await screen.findByRole('table', { name: 'Funnel table' });
    expect(within(funnel).getByRole('row', { name: 'Conversation 2 66.7%' })).toBeVisible();
    expect(api.calls[0].url.search).toBe('?from=2026-03-01&to=2026-03-31');
    expect(screen.getByText(/median of 4 meetings/)).toBeVisible();
    const won = screen.getByRole('table', { name: 'Why leads were won table' });
    expect(within(won).getByRole('row', { name: 'No reason given 1' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download Signals per week as CSV' })).toBeVisible();
  });

  it('refuses a bad custom period without asking the server, and names the empty period', async () => {
    const api = apiTable({ 'GET /analytics': [200, EMPTY] });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<AnalyticsPage />, '/dashboard/analytics?from=2026-04-01&to=2026-03-01');
    expect(
      await screen.findByText('The period must start on or before its last day.'),
    ).toBeVisible();
    expect(api.calls).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2026-02-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Nothing to count in this period')).toBeVisible();
    await waitFor(() => expect(api.calls).toHaveLength(1));
  });
});
