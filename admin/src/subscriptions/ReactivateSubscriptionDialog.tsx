import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useNotify, useRefresh } from 'react-admin';
import {
  type PendingCharge,
  type ReactivateSubscriptionRequest,
  type SubscriptionAction,
  type SubscriptionRecord,
  formatUsd,
} from '@leadpulse/common';
import { adminApi, errorMessage } from '../api';

/**
 * Reactivate Subscription for a cancelled one: restarting charges the customer, so the amount
 * and its schedule are shown first and the charge goes ahead only when confirmed, with that
 * amount (the server refuses if it has changed meanwhile).
 */
export function ReactivateSubscriptionDialog({
  subscription,
  charge,
  onClose,
}: {
  subscription: SubscriptionRecord;
  charge: PendingCharge;
  onClose: () => void;
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const confirm = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const { message } = await adminApi<SubscriptionAction>(
        `/subscriptions/${subscription.id}/reactivate`,
        {
          method: 'POST',
          body: {
            confirm_amount_cents: charge.amount_cents,
          } satisfies ReactivateSubscriptionRequest,
        },
      );
      notify(message, { type: 'success' });
      refresh();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      notify(`Failed to reactivate subscription: ${errorMessage(error)}`, { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="reactivate-subscription-title">
      <DialogTitle id="reactivate-subscription-title">Reactivate Subscription</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Reactivating {subscription.stripe_subscription_id} for{' '}
          {subscription.user?.email ?? subscription.stripe_customer_id} starts a new subscription
          and charges the customer {formatUsd(charge.amount_cents)} {charge.currency.toUpperCase()}{' '}
          now.
        </DialogContentText>
        <Alert severity="warning" sx={{ mt: 2 }}>
          {charge.description}
        </Alert>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Don&apos;t Charge</Button>
        <Button variant="contained" disabled={busy} onClick={() => void confirm()}>
          Charge {formatUsd(charge.amount_cents)} and Reactivate
        </Button>
      </DialogActions>
    </Dialog>
  );
}
