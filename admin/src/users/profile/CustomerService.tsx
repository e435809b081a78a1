import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useRefresh } from 'react-admin';
import { PLANS, formatUsd } from '@leadpulse/common';
import { adminApi, errorMessage } from '../../api';
import { formatDate } from '../../format';
import type { AdminUser, PaymentHistory } from '../types';
import { paymentsKey } from '../payments';
import { Section } from './Section';

const REASONS = [
  { id: 'requested_by_customer', name: 'Requested by customer' },
  { id: 'duplicate', name: 'Duplicate' },
  { id: 'fraudulent', name: 'Fraudulent' },
];

function RefundDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: paymentsKey(user.id),
    queryFn: () => adminApi<PaymentHistory>(`/users/${user.id}/payments`),
  });
  const refundable = (data?.transactions ?? []).filter(
    (payment) =>
      payment.stripe_charge_id &&
      payment.status === 'succeeded' &&
      payment.amount_refunded_cents < payment.amount_cents,
  );
  const [paymentId, setPaymentId] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('requested_by_customer');
  const [notes, setNotes] = useState('');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  // One id per dialog: a retried submission refunds once.
  const [requestId] = useState(() => crypto.randomUUID());
  const payment = refundable.find((item) => item.id === paymentId);
  const remaining = payment ? payment.amount_cents - payment.amount_refunded_cents : 0;
  const cents = Math.round(Number(amount) * 100);
  const valid = !!payment && Number.isFinite(cents) && cents > 0 && cents <= remaining;

  const submit = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const history = await adminApi<PaymentHistory>(`/users/${user.id}/refunds`, {
        method: 'POST',
        body: {
          transaction_id: paymentId,
          amount_cents: cents,
          reason,
          notes: notes || undefined,
          request_id: requestId,
        },
      });
      queryClient.setQueryData(paymentsKey(user.id), history);
      await queryClient.invalidateQueries({ queryKey: ['users', user.id, 'activity'] });
      notify(`Refunded ${formatUsd(cents)} to ${user.email}`, { type: 'success' });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      notify(`Failed to process refund: ${errorMessage(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="refund-title">
      <DialogTitle id="refund-title">Process Refund</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Payment"
            value={paymentId}
            onChange={(event) => {
              setPaymentId(event.target.value);
              const chosen = refundable.find((item) => item.id === event.target.value);
              if (chosen)
                setAmount(((chosen.amount_cents - chosen.amount_refunded_cents) / 100).toFixed(2));
            }}
            helperText={refundable.length === 0 ? 'No payment can be refunded.' : undefined}
          >
            {refundable.map((item) => (
              <MenuItem key={item.id} value={item.id}>
                {formatUsd(item.amount_cents)} · {formatDate(item.paid_at ?? item.created_at)}
                {item.amount_refunded_cents > 0
                  ? ` · ${formatUsd(item.amount_refunded_cents)} refunded`
                  : ''}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Amount (USD)"
            type="number"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            helperText={payment ? `Up to ${formatUsd(remaining)}` : undefined}
            error={!!payment && !valid}
            slotProps={{ htmlInput: { min: 0.01, step: 0.01 } }}
          />
          <TextField
            select
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          >
            {REASONS.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Notes"
            multiline
            minRows={2}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color="error"
          disabled={!valid || busy}
          onClick={() => void submit()}
        >
          Refund
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const MONTHLY = ['prospector', 'networker', 'rainmaker'] as const;

function ChangePlanDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [plan, setPlan] = useState('');
  const [busy, setBusy] = useState(false);
  const [requestId] = useState(() => crypto.randomUUID());
  const founding = user.subscription_plan === 'founding_member';
  const preview = useQuery({
    queryKey: ['users', user.id, 'plan-preview', plan],
    queryFn: () =>
      adminApi<{ amount_due_cents: number; credit_cents: number; after_founding: boolean }>(
        `/users/${user.id}/subscription/preview?plan=${plan}`,
      ),
    enabled: !!plan,
  });
  const submit = async () => {
    setBusy(true);
    try {
      await adminApi(`/users/${user.id}/subscription`, {
        method: 'POST',
        body: { plan, request_id: requestId },
      });
      notify(
        `Subscription changed to ${PLANS[plan as (typeof MONTHLY)[number]].name} for ${user.email}`,
        { type: 'success' },
      );
      refresh();
      onClose();
    } catch (error) {
      notify(`Failed to change subscription: ${errorMessage(error)}`, { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="change-plan-title">
      <DialogTitle id="change-plan-title">Change Subscription</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="New Plan"
            value={plan}
            onChange={(event) => setPlan(event.target.value)}
          >
            {MONTHLY.map((id) => (
              <MenuItem key={id} value={id} disabled={!founding && user.subscription_plan === id}>
                {PLANS[id].name} · {formatUsd(PLANS[id].priceCents)}/month
              </MenuItem>
            ))}
          </TextField>
          <Alert severity="info">
            {founding
              ? 'The founding period stays as it is; the member moves to the new plan when it ends.'
              : 'The change takes effect now; Stripe prorates the rest of the period.'}
          </Alert>
          {plan && preview.data && !preview.data.after_founding && (
            <Typography variant="body2" aria-live="polite">
              {preview.data.amount_due_cents > 0
                ? `Charged now: ${formatUsd(preview.data.amount_due_cents)} (prorated)`
                : `Credited to the customer: ${formatUsd(preview.data.credit_cents)} (prorated)`}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!plan || busy} onClick={() => void submit()}>
          Change Plan
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Customer Service (with a customer id): Update Billing Info, Process Refund, Change Subscription. */
export function CustomerService({
  user,
  onEditBilling,
}: {
  user: AdminUser;
  onEditBilling: () => void;
}) {
  const [dialog, setDialog] = useState<'refund' | 'plan'>();
  if (!user.stripe_customer_id) return null;
  return (
    <Section title="Customer Service">
      <Stack spacing={1}>
        <Button variant="outlined" onClick={onEditBilling}>
          Update Billing Info
        </Button>
        <Button variant="outlined" onClick={() => setDialog('refund')}>
          Process Refund
        </Button>
        <Button
          variant="outlined"
          disabled={!user.stripe_subscription_id}
          onClick={() => setDialog('plan')}
        >
          Change Subscription
        </Button>
      </Stack>
      {dialog === 'refund' && <RefundDialog user={user} onClose={() => setDialog(undefined)} />}
      {dialog === 'plan' && <ChangePlanDialog user={user} onClose={() => setDialog(undefined)} />}
    </Section>
  );
}
