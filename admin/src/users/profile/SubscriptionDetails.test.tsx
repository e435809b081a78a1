import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUserRecord, PaymentIssue } from '@leadpulse/common';
import { SubscriptionDetails } from './SubscriptionDetails';

const member = (payment_issue: PaymentIssue | null) =>
  ({
    id: 'u1',
    email: 'ada@example.com',
    stripe_customer_id: 'cus_1',
    stripe_subscription_id: 'sub_1',
    subscription_plan: 'prospector',
    subscription_status: 'past_due',
    founding_member: false,
    current_period_end: '2026-12-20T10:00:00.000Z',
    promo_active: false,
    promo_type: null,
    complimentary_plan: null,
    payment_issue,
  }) as unknown as AdminUserRecord;

const issue: PaymentIssue = {
  since: '2026-11-20T10:00:00.000Z',
  grace_ends_at: '2026-11-27T10:00:00.000Z',
  blocked: false,
  amount_cents: 7_500,
  next_attempt_at: '2026-11-23T10:00:00.000Z',
};

describe('Subscription Details', () => {
  it('shows an unpaid renewal as the member sees it: since when, until when, the next retry', () => {
    render(<SubscriptionDetails user={member(issue)} />);
    expect(screen.getByText('Payment Issue')).toBeInTheDocument();
    expect(
      screen.getByText(
        '$75 unpaid since Nov 20, 2026: the plan continues until Nov 27, 2026. Stripe retries the card on Nov 23, 2026.',
      ),
    ).toBeInTheDocument();
  });

  it('says when the plan is suspended and Stripe has stopped retrying', () => {
    render(
      <SubscriptionDetails user={member({ ...issue, blocked: true, next_attempt_at: null })} />,
    );
    expect(
      screen.getByText(
        '$75 unpaid since Nov 20, 2026: suspended for non-payment since Nov 27, 2026. Stripe has stopped retrying the card.',
      ),
    ).toBeInTheDocument();
  });

  it('shows nothing of the kind without an issue', () => {
    render(<SubscriptionDetails user={member(null)} />);
    expect(screen.queryByText('Payment Issue')).not.toBeInTheDocument();
  });
});
