import type { Analytics } from '@leadpulse/common';

/** An answer of GET /api/analytics for March 2026: four leads first seen, one won. */
export const MARCH_ANALYTICS: Analytics = {
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
