import { addMonths, nextCycleEnd } from './sandbox-common.js';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (time: number) => new Date(time * 1000).toISOString();

describe('addMonths, as Stripe counts billing months', () => {
  it.each([
    ['2025-01-15T09:30:00.000Z', 1, '2025-02-15T09:30:00.000Z'],
    ['2025-01-31T12:00:00.000Z', 1, '2025-02-28T12:00:00.000Z'],
    ['2024-01-31T12:00:00.000Z', 1, '2024-02-29T12:00:00.000Z'],
    ['2025-03-31T00:00:00.000Z', 1, '2025-04-30T00:00:00.000Z'],
    ['2025-08-31T23:59:59.000Z', 6, '2026-02-28T23:59:59.000Z'],
    ['2025-12-31T08:00:00.000Z', 2, '2026-02-28T08:00:00.000Z'],
    ['2025-11-30T08:00:00.000Z', 3, '2026-02-28T08:00:00.000Z'],
    ['2024-02-29T10:00:00.000Z', 12, '2025-02-28T10:00:00.000Z'],
    ['2024-02-29T10:00:00.000Z', 48, '2028-02-29T10:00:00.000Z'],
    ['2025-10-31T10:00:00.000Z', -1, '2025-09-30T10:00:00.000Z'],
    ['2025-05-31T10:00:00.000Z', 0, '2025-05-31T10:00:00.000Z'],
  ])('%s + %i months is %s (the last day of a shorter month)', (from, months, expected) => {
    expect(iso(addMonths(at(from), months))).toBe(expected);
  });
});

describe('nextCycleEnd: periods counted from the billing cycle anchor', () => {
  it('brings a 31st back after a short month instead of drifting to the 28th', () => {
    const anchor = at('2025-01-31T12:00:00.000Z');
    const ends: string[] = [];
    let end = anchor;
    for (let period = 0; period < 13; period += 1) {
      end = nextCycleEnd(anchor, end, 1);
      ends.push(iso(end).slice(0, 10));
    }
    expect(ends).toEqual([
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
      '2025-06-30',
      '2025-07-31',
      '2025-08-31',
      '2025-09-30',
      '2025-10-31',
      '2025-11-30',
      '2025-12-31',
      '2026-01-31',
      '2026-02-28',
    ]);
  });

  it('keeps the anchor’s day across a leap February, and for periods of several months', () => {
    const anchor = at('2023-11-30T06:00:00.000Z');
    const ends: string[] = [];
    let end = anchor;
    for (let period = 0; period < 4; period += 1) {
      end = nextCycleEnd(anchor, end, 3);
      ends.push(iso(end));
    }
    expect(ends).toEqual([
      '2024-02-29T06:00:00.000Z',
      '2024-05-30T06:00:00.000Z',
      '2024-08-30T06:00:00.000Z',
      '2024-11-30T06:00:00.000Z',
    ]);
  });

  it('is the first cycle end after any time, however far from the anchor', () => {
    const anchor = at('2024-01-31T00:00:00.000Z');
    expect(iso(nextCycleEnd(anchor, at('2024-02-10T00:00:00.000Z'), 1))).toBe(
      '2024-02-29T00:00:00.000Z',
    );
    expect(iso(nextCycleEnd(anchor, at('2024-02-29T00:00:00.000Z'), 1))).toBe(
      '2024-03-31T00:00:00.000Z',
    );
    expect(iso(nextCycleEnd(anchor, at('2030-06-30T00:00:00.000Z'), 1))).toBe(
      '2030-07-31T00:00:00.000Z',
    );
    expect(iso(nextCycleEnd(anchor, anchor - 3600, 1))).toBe('2024-02-29T00:00:00.000Z');
  });
});
