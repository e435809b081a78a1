import { describe, expect, it } from 'vitest';
import { ANALYTICS_PERIOD_MESSAGES, analyticsPeriod, periodWeeks } from './analytics.js';

const NOW = new Date('2026-11-28T16:00:00Z');

describe('analyticsPeriod', () => {
  it('answers the last 90 days, today included, when no period is asked for', () => {
    expect(analyticsPeriod({}, NOW)).toEqual({ ok: true, from: '2026-08-31', to: '2026-11-28' });
    expect(analyticsPeriod({ to: '2026-01-31' }, NOW)).toEqual({
      ok: true,
      from: '2025-11-03',
      to: '2026-01-31',
    });
  });

  it('keeps a one-day and a two-year period', () => {
    expect(analyticsPeriod({ from: '2026-03-01', to: '2026-03-01' }, NOW).ok).toBe(true);
    expect(analyticsPeriod({ from: '2024-11-28', to: '2026-11-28' }, NOW).ok).toBe(true);
  });

  it('refuses days that do not exist or are not YYYY-MM-DD, naming the field', () => {
    for (const from of ['2026-02-30', '2026-13-01', '28/11/2026', '2026-1-1', 'yesterday'])
      expect(analyticsPeriod({ from, to: '2026-11-28' }, NOW)).toEqual({
        ok: false,
        field: 'from',
        message: ANALYTICS_PERIOD_MESSAGES.date,
      });
    expect(analyticsPeriod({ to: '2026-11-31' }, NOW)).toMatchObject({ ok: false, field: 'to' });
  });

  it('refuses a start after the end and a period over two years', () => {
    expect(analyticsPeriod({ from: '2026-11-29', to: '2026-11-28' }, NOW)).toMatchObject({
      ok: false,
      message: ANALYTICS_PERIOD_MESSAGES.order,
    });
    expect(analyticsPeriod({ from: '2024-11-27', to: '2026-11-28' }, NOW)).toMatchObject({
      ok: false,
      message: ANALYTICS_PERIOD_MESSAGES.length,
    });
  });
});

describe('periodWeeks', () => {
  it('lists the Monday of every week the period touches', () => {
    // 2026-11-01 is a Sunday; 2026-11-16 a Monday.
    expect(periodWeeks('2026-11-01', '2026-11-16')).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    expect(periodWeeks('2026-11-02', '2026-11-02')).toEqual(['2026-11-02']);
    expect(periodWeeks('2026-11-03', '2026-11-02')).toEqual([]);
  });
});
