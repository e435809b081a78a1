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
} from '@mui/material';
import { useNotify } from 'react-admin';
import {
  formatUsd,
  type AdminUserRecord,
  type PaymentHistory,
  type RefundRequest,
} from '@leadpulse/common';
import { adminApi, errorMessage } from '../../api';
import { formatDate } from '../../format';
import { paymentsKey } from '../payments';

type RefundReason = NonNullable<RefundRequest['reason']>;

const REASONS: { id: RefundReason; name: string }[] = [
  { id: 'requested_by_customer', name: 'Requested by customer' },
  { id: 'duplicate', name: 'Duplicate' },
  { id: 'fraudulent', name: 'Fraudulent' },
];

/** A refund proposed by another screen (the unused part after Cancel): payment and amount. */
export interface RefundProposal {
  transaction_id: string;
  amount_cents: number;
  notes?: string;
}

/**
 * Process Refund: a succeeded payment, up to what is left of it, with a reason; `proposal`
 * fills it in, the administrator still chooses.
 */
export function RefundDialog({
  user,
  proposal,
  onClose,
}: {
  user: Pick<AdminUserRecord, 'id' | 'email'>;
  proposal?: RefundProposal;
  onClose: () => void;
}) {
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
  const [paymentId, setPaymentId] = useState(proposal?.transaction_id ?? '');
  const [amount, setAmount] = useState(proposal ? (proposal.amount_cents / 100).toFixed(2) : '');
  const [reason, setReason] = useState<RefundReason>('requested_by_customer');
  const [notes, setNotes] = useState(proposal?.notes ?? '');
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
        } satisfies RefundRequest,
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
            onChange={(event) => setReason(event.target.value as RefundReason)}
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
