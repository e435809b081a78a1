import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_REASONS,
  billingDate,
  cancellationDescription,
  cancellationReasonLabel,
  invoiceStatusLabel,
  isCancellationReason,
  isPlanSuspended,
} from './billing.js';

describe('member billing words', () => {
  it('names each cancellation reason, and reads an unknown one as words', () => {
    expect(CANCELLATION_REASONS.map(cancellationReasonLabel)).toEqual([
      'Too expensive',
      'Missing features',
      'Not using it',
      'Other',
    ]);
    expect(cancellationReasonLabel('switched_service')).toBe('Switched service');
    expect(isCancellationReason('not_using')).toBe(true);
    expect(isCancellationReason('unused')).toBe(false);
  });

  it('describes a cancellation for the activity history, with the comment when there is one', () => {
    expect(cancellationDescription('too_expensive', 'Over budget')).toBe(
      'Cancelled their subscription at period end: Too expensive — Over budget',
    );
    expect(cancellationDescription('other', null)).toBe(
      'Cancelled their subscription at period end: Other',
    );
  });

  it('writes billing dates in UTC, whatever the hour', () => {
    expect(billingDate('2027-03-03T23:59:00.000Z')).toBe('March 3, 2027');
    expect(billingDate(new Date('2027-03-04T00:00:00.000Z'))).toBe('March 4, 2027');
    expect(billingDate('2027-03-03T10:00:00.000Z', 'short')).toBe('Mar 3, 2027');
    expect(billingDate(null)).toBe('—');
  });

  it('calls an open invoice due', () => {
    expect(invoiceStatusLabel('open')).toBe('Due');
    expect(invoiceStatusLabel('paid')).toBe('Paid');
    expect(invoiceStatusLabel('uncollectible')).toBe('Uncollectible');
  });

  it('reads a plan as suspended only once its grace period is over', () => {
    const issue = {
      since: '2027-03-03T10:00:00.000Z',
      grace_ends_at: '2027-03-10T10:00:00.000Z',
      amount_cents: 7_500,
      next_attempt_at: null,
    };
    expect(isPlanSuspended({ payment_issue: { ...issue, blocked: true } })).toBe(true);
    expect(isPlanSuspended({ payment_issue: { ...issue, blocked: false } })).toBe(false);
    expect(isPlanSuspended({ payment_issue: null })).toBe(false);
    expect(isPlanSuspended({})).toBe(false);
  });
});
