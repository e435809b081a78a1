import { billingPeriod } from './subscriptions.service.js';

describe('billingPeriod', () => {
  it('names the recurrence of a price', () => {
    expect(billingPeriod({ interval: 'month', interval_count: 1 })).toBe('monthly');
    expect(billingPeriod({ interval: 'month', interval_count: 3 })).toBe('every 3 months');
    expect(billingPeriod({ interval: 'year', interval_count: 1 })).toBe('yearly');
    expect(billingPeriod(null)).toBe('one-time');
  });
});
