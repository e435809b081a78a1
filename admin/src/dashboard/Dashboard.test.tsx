import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminStats, FoundingCohort, RevenueMonth } from '@leadpulse/common';
import { renderAdmin, stubFetch } from '../test-utils';
import { Dashboard } from './Dashboard';
import { revenueCsv } from './revenueCsv';

// The charts library draws SVG from measured sizes jsdom does not have; the chart is its own test.
vi.mock('./RevenueChart', () => ({
  RevenueChart: ({ months }: { months: RevenueMonth[] }) => (
    <figure aria-label="MRR movements">{months.length} months</figure>
  ),
}));

const stats: AdminStats = {
  total_users: 1_204,
  active_subscriptions: 311,
  total_revenue_cents: 2_332_500,
  newsletter_subscribers: 88,
  founding_members: 40,
  recent_signups_7d: 17,
  active_promos: 3,
  mrr_cents: 2_316_667,
  arr_cents: 27_800_004,
  past_due_count: 4,
  at_risk_cents: 30_000,
  churn_rate_30d: 0.0425,
  members_with_leads: 12,
  imports_7d: 5,
};

const month = (values: Partial<RevenueMonth> & { month: string }): RevenueMonth => ({
  mrr_cents: 0,
  new_cents: 0,
  expansion_cents: 0,
  contraction_cents: 0,
  churned_cents: 0,
  reactivation_cents: 0,
  revenue_cents: 0,
  refunds_cents: 0,
  signups: 0,
  active_subscribers: 0,
  ...values,
});
const months = [
  month({
    month: '2026-01',
    mrr_cents: 7_500,
    new_cents: 7_500,
    revenue_cents: 7_500,
    signups: 3,
    active_subscribers: 1,
  }),
  month({
    month: '2026-02',
    mrr_cents: 9_167,
    new_cents: 1_667,
    revenue_cents: 12_500,
    refunds_cents: 2_500,
    signups: 1,
    active_subscribers: 2,
  }),
];
const cohort: FoundingCohort = { members: 40, reached_month_4: 30, stayed_on_prospector: 24 };

function renderDashboard(routes: Record<string, [number, unknown]> = {}) {
  vi.stubGlobal(
    'fetch',
    stubFetch({
      'GET /api/admin/stats': [200, stats],
      'GET /api/admin/admin-actions': [200, []],
      'GET /api/admin/metrics/revenue': [200, months],
      'GET /api/admin/metrics/founding-cohort': [200, cohort],
      ...routes,
    }),
  );
  renderAdmin(<Dashboard />, { permissions: [] });
}

/** A blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

/** A card's value, found by its label. */
async function card(label: string) {
  const title = await screen.findByText(label, { selector: 'p' });
  return title.parentElement!;
}

describe('the dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the seven cards and adds MRR, ARR, churn, at-risk revenue and past due', async () => {
    renderDashboard();
    expect(await screen.findByText('1,204')).toBeInTheDocument();
    for (const label of [
      'Total Users',
      'Active Subscriptions',
      'Total Revenue',
      'Newsletter Subscribers',
      'Founding Members',
      'Recent Signups (7d)',
      'Active Promos',
    ])
      expect(screen.getByText(label)).toBeInTheDocument();
    expect(within(await card('MRR')).getByText('$23,166.67')).toBeInTheDocument();
    expect(within(await card('ARR')).getByText('$278,000.04')).toBeInTheDocument();
    expect(within(await card('Churn (30d)')).getByText('4.3%')).toBeInTheDocument();
    expect(within(await card('At-Risk Revenue')).getByText('$300')).toBeInTheDocument();
    const pastDue = screen.getByRole('link', { name: /Past Due/ });
    expect(pastDue).toHaveTextContent('4');
    expect(pastDue).toHaveAttribute(
      'href',
      `/users?filter=${encodeURIComponent('{"segment":"past_due"}')}`,
    );
  });

  it('shows the spec’s error text when the figures cannot be read', async () => {
    renderDashboard({ 'GET /api/admin/stats': [500, { statusCode: 500, message: 'Down' }] });
    expect(
      await screen.findByText(
        'Error loading dashboard data. Please try again.',
        {},
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
  });

  it('lists every month in the table, the chart above it, and the founding cohort', async () => {
    renderDashboard();
    const table = await screen.findByRole('table', { name: 'Monthly revenue' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'MonthMRRNewExpansionContractionChurnedReactivationRevenueRefundsSignupsActive Subscribers',
      'Jan 2026$75$75$0$0$0$0$75$031',
      'Feb 2026$91.67$16.67$0$0$0$0$125$2512',
    ]);
    expect(await screen.findByRole('figure', { name: 'MRR movements' })).toHaveTextContent(
      '2 months',
    );
    expect(
      await screen.findByText(
        '40 founding members; 30 reached month 4, and 24 of them stayed on Prospector.',
      ),
    ).toBeInTheDocument();
  });

  it('exports the table as CSV from the rows on screen', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs: the download's blob is caught here.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:revenue';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    renderDashboard();
    await screen.findByRole('table', { name: 'Monthly revenue' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(await textOf(blobs[0])).toBe(revenueCsv(months));
    click.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });
});

describe('revenueCsv', () => {
  it('writes a header and one line per month, amounts in dollars and counts as they are', () => {
    expect(revenueCsv(months)).toBe(
      [
        'Month,MRR,New,Expansion,Contraction,Churned,Reactivation,Revenue,Refunds,Signups,Active Subscribers',
        '2026-01,75.00,75.00,0.00,0.00,0.00,0.00,75.00,0.00,3,1',
        '2026-02,91.67,16.67,0.00,0.00,0.00,0.00,125.00,25.00,1,2',
        '',
      ].join('\r\n'),
    );
  });

  it('writes only the header when there is no month', () => {
    expect(revenueCsv([])).toBe(
      'Month,MRR,New,Expansion,Contraction,Churned,Reactivation,Revenue,Refunds,Signups,Active Subscribers\r\n',
    );
  });
});
