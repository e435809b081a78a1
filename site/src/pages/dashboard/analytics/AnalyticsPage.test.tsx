import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Analytics } from '@leadpulse/common';
import { MARCH_ANALYTICS } from '../../../features/analytics/test-fixtures';
import { apiTable } from '../../../features/leads/test-fixtures';
import { renderWithApp } from '../../../test/render';
import { AnalyticsPage } from './AnalyticsPage';

// The charts draw in a browser; here the page's tables and states are what is checked.
vi.mock('./AnalyticsCharts', () => ({
  FunnelChart: () => null,
  ScoreChart: () => null,
  WeeklySignalsChart: () => null,
}));

const ANALYTICS = MARCH_ANALYTICS;

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
