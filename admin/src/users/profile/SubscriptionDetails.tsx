import {
  PROMO_TYPES,
  formatUsd,
  getPlan,
  subscriptionStatusLabel,
  type AdminUserRecord,
  type PaymentIssue,
  type PromoType,
} from '@leadpulse/common';
import { Typography } from '@mui/material';
import { Field, Section } from './Section';
import { formatDate } from '../../format';

const planName = (plan: string | null) => (plan ? getPlan(plan).name : 'Free');

/**
 * A renewal the member has not paid, as their member area tells them: since when, until when the
 * plan lasts (or that it is suspended), and Stripe's next attempt.
 */
function PaymentIssueText({ issue }: { issue: PaymentIssue }) {
  const unpaid = `${formatUsd(issue.amount_cents)} unpaid since ${formatDate(issue.since)}`;
  const retry = issue.next_attempt_at
    ? ` Stripe retries the card on ${formatDate(issue.next_attempt_at)}.`
    : ' Stripe has stopped retrying the card.';
  return (
    <Typography variant="body2" color={issue.blocked ? 'error' : 'warning.dark'}>
      {issue.blocked
        ? `${unpaid}: suspended for non-payment since ${formatDate(issue.grace_ends_at)}.`
        : `${unpaid}: the plan continues until ${formatDate(issue.grace_ends_at)}.`}
      {retry}
    </Typography>
  );
}

/** Subscription Details: Stripe ids, plan, status, period end, promo and complimentary access. */
export function SubscriptionDetails({ user }: { user: AdminUserRecord }) {
  return (
    <Section title="Subscription Details">
      <Field label="Customer ID">{user.stripe_customer_id ?? 'Not connected'}</Field>
      <Field label="Subscription ID">{user.stripe_subscription_id ?? 'Not connected'}</Field>
      <Field label="Current Plan">
        {user.founding_member &&
        user.subscription_plan &&
        user.subscription_plan !== 'founding_member'
          ? `Founding Member (now ${planName(user.subscription_plan)})`
          : user.founding_member
            ? 'Founding Member'
            : planName(user.subscription_plan)}
      </Field>
      <Field label="Subscription Status">{subscriptionStatusLabel(user.subscription_status)}</Field>
      {user.payment_issue && (
        <Field label="Payment Issue">
          <PaymentIssueText issue={user.payment_issue} />
        </Field>
      )}
      <Field label="Period End">{formatDate(user.current_period_end)}</Field>
      <Field label="Promo Status">
        {user.promo_active && user.promo_type
          ? `${PROMO_TYPES[user.promo_type as PromoType]?.label ?? user.promo_type} (active)`
          : 'No active promo'}
      </Field>
      {user.complimentary_plan && (
        <Field label="Complimentary Access">
          {`${planName(user.complimentary_plan)} until ${formatDate(user.complimentary_expires_at)}`}
        </Field>
      )}
    </Section>
  );
}
