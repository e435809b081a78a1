import { Alert, AlertTitle, Box, Button, Stack } from '@mui/material';
import { billingDate, formatUsd, type PaymentIssue } from '@leadpulse/common';
import { useMember } from '../../features/member/MemberProvider';
import { paymentPlanName, useUpdatePaymentMethod } from '../../features/member/usePaymentMethod';

interface Props {
  issue: PaymentIssue;
  /** The plan the payment is for ("Prospector"). */
  planName: string;
  onUpdate(): void;
  /** The portal is being opened. */
  opening?: boolean;
  /** Why it could not be opened. */
  error?: string;
}

/**
 * The member area's banner while a renewal is unpaid: what happened, until when the plan lasts
 * (or that it is suspended), and Update payment method.
 */
export function PaymentIssueBanner({ issue, planName, onUpdate, opening, error }: Props) {
  const amount = formatUsd(issue.amount_cents);
  return (
    <Alert
      severity={issue.blocked ? 'error' : 'warning'}
      role="region"
      aria-label="Payment issue"
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle>
        {issue.blocked
          ? `Your ${planName} plan is suspended for non-payment`
          : 'Your payment didn’t go through'}
      </AlertTitle>
      {issue.blocked ? (
        <Box component="p" sx={{ m: 0 }}>
          We couldn’t charge {amount} on {billingDate(issue.since)}, and the grace period ended on{' '}
          {billingDate(issue.grace_ends_at)}. Your {planName} features are paused until the payment
          goes through: update your payment method and we’ll charge it right away.
        </Box>
      ) : (
        <Box component="p" sx={{ m: 0 }}>
          We couldn’t charge {amount} for your {planName} plan on {billingDate(issue.since)}.{' '}
          {issue.next_attempt_at &&
            `We’ll try your card again on ${billingDate(issue.next_attempt_at)}. `}
          You keep your plan until <strong>{billingDate(issue.grace_ends_at)}</strong>; update your
          payment method to keep it after that.
        </Box>
      )}
      {error && (
        <Box component="p" role="alert" sx={{ m: 0, mt: 1, fontWeight: 600 }}>
          {error}
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ mt: 1.5 }}>
        <Button
          variant="contained"
          color={issue.blocked ? 'error' : 'warning'}
          onClick={onUpdate}
          disabled={opening}
        >
          {opening ? 'Opening…' : 'Update payment method'}
        </Button>
      </Stack>
    </Alert>
  );
}

/** The banner for the signed-in member, on every member page, while a renewal is unpaid. */
export function MemberPaymentIssue() {
  const { member } = useMember();
  const { open, opening, error } = useUpdatePaymentMethod();
  if (!member?.payment_issue) return null;
  return (
    <PaymentIssueBanner
      issue={member.payment_issue}
      planName={paymentPlanName(member)}
      onUpdate={() => void open()}
      opening={opening}
      error={error}
    />
  );
}
