import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
} from '@mui/material';
import { useNotify, useRefresh } from 'react-admin';
import { formatUsd, getPlan } from '@leadpulse/common';
import { adminApi } from '../api';
import { formatDate } from '../format';

/** A row of the Subscriptions list. */
export interface SubscriptionRow {
  id: string;
  stripe_subscription_id: string;
  stripe_customer_id: string;
  plan_name: string;
  plan_type: string;
  status: string;
  amount_cents: number;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
  created_at: string;
  user?: { email: string } | null;
}

/** Cancel Subscription: now, or at the end of the period. */
export function CancelSubscriptionDialog({
  subscription,
  onClose,
}: {
  subscription: SubscriptionRow;
  onClose: () => void;
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [atPeriodEnd, setAtPeriodEnd] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const { message } = await adminApi<{ message: string }>(
        `/subscriptions/${subscription.id}/cancel`,
        {
          method: 'POST',
          body: { at_period_end: atPeriodEnd },
        },
      );
      notify(message, { type: 'success' });
      refresh();
      onClose();
    } catch {
      notify('Failed to cancel subscription', { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="cancel-subscription-title">
      <DialogTitle id="cancel-subscription-title">Cancel Subscription</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Cancel {subscription.stripe_subscription_id} ({getPlan(subscription.plan_name).name},{' '}
          {formatUsd(subscription.amount_cents)}) for{' '}
          {subscription.user?.email ?? subscription.stripe_customer_id}?
        </DialogContentText>
        <FormControlLabel
          control={
            <Checkbox
              checked={atPeriodEnd}
              onChange={(event) => setAtPeriodEnd(event.target.checked)}
            />
          }
          label={`At the end of the period${subscription.current_period_end ? ` (${formatDate(subscription.current_period_end)})` : ''}`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Keep Subscription</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => void confirm()}>
          Cancel Subscription
        </Button>
      </DialogActions>
    </Dialog>
  );
}
