import { graceEnd, toPaymentIssue, type OpenInvoicesRow } from './payment-issue.js';

describe('a member’s payment issue', () => {
  const since = new Date('2027-03-03T10:00:00.000Z');
  const row = (values: Partial<OpenInvoicesRow> = {}): OpenInvoicesRow => ({
    since,
    grace_ends_at: graceEnd(since, 7),
    amount_cents: '7500',
    next_attempt_at: new Date('2027-03-06T10:00:00.000Z'),
    seen_blocked: false,
    real_time: true,
    ...values,
  });

  it('ends the grace period whole days after the first failure', () => {
    expect(graceEnd(since, 7)).toEqual(new Date('2027-03-10T10:00:00.000Z'));
    expect(graceEnd(since, 0)).toEqual(since);
  });

  it('keeps the plan until the grace period ends, by our clock when no test clock bills it', () => {
    const before = new Date('2027-03-10T09:59:59.000Z');
    const at = new Date('2027-03-10T10:00:00.000Z');
    expect(toPaymentIssue(row(), before)).toEqual({
      since,
      grace_ends_at: at,
      blocked: false,
      amount_cents: 7500,
      next_attempt_at: new Date('2027-03-06T10:00:00.000Z'),
    });
    expect(toPaymentIssue(row(), at).blocked).toBe(true);
  });

  it('judges an invoice on a test clock by what was seen on that clock, not by our time', () => {
    const muchLater = new Date('2030-01-01T00:00:00.000Z');
    expect(toPaymentIssue(row({ real_time: false }), muchLater).blocked).toBe(false);
    expect(toPaymentIssue(row({ real_time: false, seen_blocked: true }), since).blocked).toBe(true);
  });
});
