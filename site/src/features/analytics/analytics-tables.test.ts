import type { Analytics } from '@leadpulse/common';
import { MARCH_ANALYTICS } from './test-fixtures';
import { funnelTable, reasonTable, toCsv, weeklyTable } from './analytics-tables';

const ANALYTICS: Analytics = {
  ...MARCH_ANALYTICS,
  to: '2026-03-16',
  signals_per_week: [
    { week: '2026-03-02', kind: 'replied', count: 2 },
    { week: '2026-03-02', kind: 'liked_my_post', count: 1 },
    { week: '2026-03-16', kind: 'replied', count: 1 },
  ],
  reasons: { won: [{ reason: null, count: 1 }], lost: [{ reason: '=HYPERLINK("x")', count: 2 }] },
};

describe('analytics tables', () => {
  it('gives the funnel with its conversions', () => {
    expect(funnelTable(ANALYTICS).rows).toEqual([
      ['Leads', 4, '–'],
      ['Tracked', 3, '75%'],
      ['Contacted', 3, '100%'],
      ['Conversation', 2, '66.7%'],
      ['Meeting', 2, '100%'],
      ['Won', 1, '50%'],
    ]);
  });

  it('gives every week of the period, empty ones as zeros, the kinds present in product order', () => {
    expect(weeklyTable(ANALYTICS)).toEqual({
      columns: ['Week of', 'Liked my post', 'Replied', 'Total'],
      rows: [
        ['2026-02-23', 0, 0, 0],
        ['2026-03-02', 1, 2, 3],
        ['2026-03-09', 0, 0, 0],
        ['2026-03-16', 0, 1, 1],
      ],
    });
    expect(weeklyTable({ ...ANALYTICS, signals_per_week: [] }).rows).toEqual([]);
  });

  it('writes CSV that a spreadsheet reads as text, never as a formula', () => {
    expect(toCsv(reasonTable(ANALYTICS.reasons.lost))).toBe(
      'Reason,Leads\r\n"\'=HYPERLINK(""x"")",2\r\n',
    );
    expect(toCsv(reasonTable(ANALYTICS.reasons.won))).toBe('Reason,Leads\r\nNo reason given,1\r\n');
  });
});
