import { describe, expect, it } from 'vitest';
import { snoozeUntil, tomorrowInput } from './snooze';

describe('snoozeUntil', () => {
  const now = new Date(2026, 10, 28, 15, 30);

  it('snoozes for a day or a week from now', () => {
    expect(snoozeUntil('1d', now)).toBe(new Date(2026, 10, 29, 15, 30).toISOString());
    expect(snoozeUntil('1w', now)).toBe(new Date(2026, 11, 5, 15, 30).toISOString());
  });

  it('snoozes until the start of a chosen day', () => {
    expect(snoozeUntil({ date: '2026-12-24' }, now)).toBe(new Date(2026, 11, 24).toISOString());
  });

  it('refuses a day that has begun, a past day and a day that does not exist', () => {
    expect(snoozeUntil({ date: '2026-11-28' }, now)).toBeNull();
    expect(snoozeUntil({ date: '2026-01-01' }, now)).toBeNull();
    expect(snoozeUntil({ date: '2026-02-30' }, now)).toBeNull();
    expect(snoozeUntil({ date: '' }, now)).toBeNull();
  });

  it('offers tomorrow as the earliest date, across a month end', () => {
    expect(tomorrowInput(new Date(2026, 10, 30, 23, 0))).toBe('2026-12-01');
  });
});
