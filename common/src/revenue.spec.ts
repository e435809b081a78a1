import { describe, expect, it } from 'vitest';
import {
  churnRate,
  monthKey,
  monthStart,
  monthlyRecurringCents,
  mrrMovements,
  type RecurringItem,
} from './revenue.js';

const monthly = (cents: number, quantity = 1): RecurringItem => ({
  unit_amount_cents: cents,
  quantity,
  interval: 'month',
  interval_count: 1,
});

describe('monthlyRecurringCents', () => {
  it('counts a monthly price as it is, times its quantity', () => {
    expect(monthlyRecurringCents({ status: 'active', items: [monthly(7_500)] })).toBe(7_500);
    expect(monthlyRecurringCents({ status: 'active', items: [monthly(7_500, 3)] })).toBe(22_500);
  });

  it('spreads the founding price of $50 every 3 months over 3 months: 1667 cents', () => {
    const founding = {
      unit_amount_cents: 5_000,
      quantity: 1,
      interval: 'month' as const,
      interval_count: 3,
    };
    expect(monthlyRecurringCents({ status: 'active', items: [founding] })).toBe(1_667);
  });

  it('counts a year as 12 months, a week as 12/52 of a month and a day as 12/365', () => {
    const item = (interval: RecurringItem['interval'], cents: number, count = 1) => ({
      status: 'active',
      items: [{ unit_amount_cents: cents, quantity: 1, interval, interval_count: count }],
    });
    expect(monthlyRecurringCents(item('year', 90_000))).toBe(7_500);
    expect(monthlyRecurringCents(item('year', 100_000))).toBe(8_333);
    expect(monthlyRecurringCents(item('week', 1_200))).toBe(5_200);
    expect(monthlyRecurringCents(item('day', 100))).toBe(3_042);
    expect(monthlyRecurringCents(item('month', 10_001, 2))).toBe(5_001);
  });

  it('rounds half a cent up, once per subscription', () => {
    expect(
      monthlyRecurringCents({ status: 'active', items: [{ ...monthly(1), interval_count: 2 }] }),
    ).toBe(1);
    expect(
      monthlyRecurringCents({
        status: 'active',
        items: [
          { ...monthly(1), interval_count: 3 },
          { ...monthly(1), interval_count: 3 },
        ],
      }),
    ).toBe(1);
  });

  it('takes a percentage or an amount off while the coupon applies, never below zero', () => {
    const percent = (
      percent_off: number,
      duration: 'once' | 'repeating' | 'forever' = 'forever',
    ) => ({
      percent_off,
      amount_off_cents: null,
      duration,
    });
    expect(
      monthlyRecurringCents({ status: 'active', items: [monthly(7_500)], discount: percent(25) }),
    ).toBe(5_625);
    expect(
      monthlyRecurringCents({
        status: 'active',
        items: [monthly(7_500)],
        discount: percent(50, 'repeating'),
      }),
    ).toBe(3_750);
    expect(
      monthlyRecurringCents({
        status: 'active',
        items: [monthly(10_000)],
        discount: percent(33.33),
      }),
    ).toBe(6_667);
    expect(
      monthlyRecurringCents({ status: 'active', items: [monthly(7_500)], discount: percent(100) }),
    ).toBe(0);
    const founding = {
      unit_amount_cents: 5_000,
      quantity: 1,
      interval: 'month' as const,
      interval_count: 3,
    };
    expect(
      monthlyRecurringCents({
        status: 'active',
        items: [founding],
        discount: { percent_off: null, amount_off_cents: 1_000, duration: 'forever' },
      }),
    ).toBe(1_333);
    expect(
      monthlyRecurringCents({
        status: 'active',
        items: [monthly(7_500)],
        discount: { percent_off: null, amount_off_cents: 9_000, duration: 'forever' },
      }),
    ).toBe(0);
  });

  it('leaves a once-only coupon out: it discounts one invoice, not the recurring amount', () => {
    expect(
      monthlyRecurringCents({
        status: 'active',
        items: [monthly(7_500)],
        discount: { percent_off: 50, amount_off_cents: null, duration: 'once' },
      }),
    ).toBe(7_500);
  });

  it('counts active and past-due subscriptions, and nothing for the statuses that do not pay', () => {
    expect(monthlyRecurringCents({ status: 'past_due', items: [monthly(7_500)] })).toBe(7_500);
    for (const status of [
      'trialing',
      'incomplete',
      'incomplete_expired',
      'unpaid',
      'paused',
      'canceled',
    ])
      expect(monthlyRecurringCents({ status, items: [monthly(7_500)] })).toBe(0);
  });
});

describe('mrrMovements', () => {
  const map = (entries: Record<string, number>) => new Map(Object.entries(entries));

  it('sorts each customer into new, expansion, contraction, churned or reactivation', () => {
    const start = map({ grows: 7_500, shrinks: 19_900, leaves: 14_500, stays: 7_500 });
    const end = map({ grows: 19_900, shrinks: 14_500, stays: 7_500, fresh: 1_667, back: 7_500 });
    const movements = mrrMovements(start, end, (customer) => customer === 'back');
    expect(movements).toEqual({
      mrr_cents: 19_900 + 14_500 + 7_500 + 1_667 + 7_500,
      new_cents: 1_667,
      expansion_cents: 12_400,
      contraction_cents: 5_400,
      churned_cents: 14_500,
      reactivation_cents: 7_500,
      active_subscribers: 5,
    });
  });

  it('keeps end = start + new + expansion + reactivation − contraction − churned for any months', () => {
    // A small deterministic generator: many random pairs of months.
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 200; round += 1) {
      const start = new Map<string, number>();
      const end = new Map<string, number>();
      for (let customer = 0; customer < 12; customer += 1) {
        if (random() < 0.6) start.set(`c${customer}`, Math.floor(random() * 20_000));
        if (random() < 0.6) end.set(`c${customer}`, Math.floor(random() * 20_000));
      }
      const m = mrrMovements(start, end, () => random() < 0.5);
      const startMrr = [...start.values()].filter((v) => v > 0).reduce((a, b) => a + b, 0);
      expect(m.mrr_cents).toBe(
        startMrr +
          m.new_cents +
          m.expansion_cents +
          m.reactivation_cents -
          m.contraction_cents -
          m.churned_cents,
      );
    }
  });
});

describe('months and churn', () => {
  it('names months in UTC and steps over year ends', () => {
    expect(monthKey(new Date('2026-01-31T23:59:59Z'))).toBe('2026-01');
    expect(monthStart(new Date('2026-01-15T10:00:00Z'), -1).toISOString()).toBe(
      '2025-12-01T00:00:00.000Z',
    );
    expect(monthStart(new Date('2026-12-15T10:00:00Z'), 1).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('answers churn as a share of the starting MRR, 0 when there was none', () => {
    expect(churnRate(20_000, 5_000)).toBe(0.25);
    expect(churnRate(0, 0)).toBe(0);
    expect(churnRate(0, 100)).toBe(0);
  });
});
