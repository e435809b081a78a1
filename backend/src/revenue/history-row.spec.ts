import type Stripe from 'stripe';
import { changesRevenue, historyRow, planCode } from './history-row.js';

const prices = { founding_member: 'price_founding_member', prospector: 'price_prospector' };

const item = (price: string, amount: number, months = 1, quantity = 1) => ({
  quantity,
  current_period_start: 1_767_225_600,
  price: {
    id: price,
    unit_amount: amount,
    recurring: { interval: 'month', interval_count: months },
  },
});
const subscription = (status: string, items: ReturnType<typeof item>[]) =>
  ({
    id: 'sub_1',
    customer: 'cus_1',
    status,
    items: { data: items },
  }) as unknown as Stripe.Subscription;
const change = {
  eventId: 'evt_1',
  eventType: 'customer.subscription.updated',
  effectiveAt: new Date('2026-02-01T00:00:00Z'),
  source: 'webhook' as const,
};

describe('changesRevenue', () => {
  const current = subscription('active', [item('price_prospector', 7_500)]);

  it('sees a change of status, discount or quantity', () => {
    expect(changesRevenue({ status: 'past_due' }, current)).toBe(true);
    expect(changesRevenue({ discounts: [] }, current)).toBe(true);
    expect(changesRevenue({ quantity: 2 }, current)).toBe(true);
  });

  it('sees a change of price in the items, not a new period at the same price', () => {
    expect(
      changesRevenue({ items: { data: [item('price_founding_member', 5_000, 3)] } }, current),
    ).toBe(true);
    expect(
      changesRevenue({ items: { data: [item('price_prospector', 7_500, 1, 2)] } }, current),
    ).toBe(true);
    expect(
      changesRevenue(
        { items: { data: [{ ...item('price_prospector', 7_500), current_period_start: 1 }] } },
        current,
      ),
    ).toBe(false);
  });

  it('ignores metadata, schedules and a cancellation scheduled for the period end', () => {
    expect(changesRevenue({ metadata: {} }, current)).toBe(false);
    expect(changesRevenue({ schedule: null }, current)).toBe(false);
    expect(changesRevenue({ cancel_at_period_end: false, cancel_at: null }, current)).toBe(false);
  });

  it('takes an event without previous values as a change', () => {
    expect(changesRevenue(undefined, current)).toBe(true);
  });
});

describe('historyRow', () => {
  it('records the founding price at 1667 cents a month, named by its plan', () => {
    expect(
      historyRow(
        subscription('active', [item('price_founding_member', 5_000, 3)]),
        null,
        prices,
        change,
      ),
    ).toMatchObject({
      stripe_event_id: 'evt_1',
      stripe_customer_id: 'cus_1',
      plan_name: 'founding_member',
      billing_interval: 'month',
      interval_count: 3,
      mrr_cents: 1_667,
      undiscounted_mrr_cents: 1_667,
      current_period_start: new Date(1_767_225_600_000),
    });
  });

  it('keeps the discount while it applies, and the full amount for after it', () => {
    const discount = {
      coupon_id: 'QUARTER',
      percent_off: 25,
      amount_off_cents: null,
      duration: 'repeating' as const,
      ends_at: new Date('2026-03-01T00:00:00Z'),
    };
    const running = historyRow(
      subscription('active', [item('price_prospector', 7_500)]),
      discount,
      prices,
      change,
    );
    expect(running).toMatchObject({
      coupon_id: 'QUARTER',
      mrr_cents: 5_625,
      undiscounted_mrr_cents: 7_500,
    });
    const ended = historyRow(
      subscription('active', [item('price_prospector', 7_500)]),
      discount,
      prices,
      {
        ...change,
        effectiveAt: new Date('2026-03-02T00:00:00Z'),
      },
    );
    expect(ended).toMatchObject({ mrr_cents: 7_500, discount_ends_at: discount.ends_at });
  });

  it('counts nothing for a cancelled subscription and sums quantities', () => {
    expect(
      historyRow(subscription('canceled', [item('price_prospector', 7_500)]), null, prices, change)
        .mrr_cents,
    ).toBe(0);
    expect(
      historyRow(
        subscription('active', [item('price_prospector', 7_500, 1, 3)]),
        null,
        prices,
        change,
      ),
    ).toMatchObject({
      quantity: 3,
      mrr_cents: 22_500,
    });
  });

  it('names an unknown price by its id', () => {
    expect(planCode(prices, 'price_other')).toBe('price_other');
  });
});
