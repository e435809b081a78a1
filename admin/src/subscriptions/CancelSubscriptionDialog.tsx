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
import {
  type CancelSubscriptionRequest,
  type RefundOffer,
  type SubscriptionAction,
  type SubscriptionRecord,
  formatUsd,
  getPlan,
} from '@leadpulse/common';
import { adminApi, errorMessage } from '../api';
import { RefundDialog } from '../users/profile/RefundDialog';
import { formatDate } from '../format';

/**
 * Cancel Subscription: now, or at the end of the period. Cancelling now offers a refund of the
 * unused part of the period, through Process Refund.
 */
export function CancelSubscriptionDialog({
  subscription,
  onClose,
}: {
  subscription: SubscriptionRecord;
  onClose: () => void;
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [atPeriodEnd, setAtPeriodEnd] = useState(false);
  const [busy, setBusy] = useState(false);
  const [offer, setOffer] = useState<RefundOffer>();
  const [refunding, setRefunding] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const { message, refund } = await adminApi<SubscriptionAction>(
        `/subscriptions/${subscription.id}/cancel`,
        {
          method: 'POST',
          body: { at_period_end: atPeriodEnd } satisfies CancelSubscriptionRequest,
        },
      );
      notify(message, { type: 'success' });
      refresh();
      // Cancelled now with part of a paid period left: offer that part back.
      if (refund) setOffer(refund);
      else onClose();
    } catch (error) {
      notify(`Failed to cancel subscription: ${errorMessage(error)}`, { type: 'error' });
      setBusy(false);
    }
  };
  if (offer && refunding)
    return (
      <RefundDialog
        user={{ id: offer.user_id, email: subscription.user?.email ?? '' }}
        proposal={{
          transaction_id: offer.transaction_id,
          amount_cents: offer.amount_cents,
          notes: `Unused part of ${subscription.stripe_subscription_id}, cancelled`,
        }}
        onClose={onClose}
      />
    );
  if (offer)
    return (
      <Dialog open onClose={onClose} aria-labelledby="refund-offer-title">
        <DialogTitle id="refund-offer-title">Refund the Unused Part?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {subscription.stripe_subscription_id} is cancelled.{' '}
            {Math.round(offer.unused_fraction * 100)}% of the period the customer paid for is
            unused: {formatUsd(offer.amount_cents)}. Refund it through Process Refund?
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>No Refund</Button>
          <Button variant="contained" onClick={() => setRefunding(true)}>
            Refund {formatUsd(offer.amount_cents)}
          </Button>
        </DialogActions>
      </Dialog>
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby="cancel-subscription-title">
      <DialogTitle id="cancel-subscription-title">Cancel Subscription</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Cancel {subscription.stripe_subscription_id} ({getPlan(subscription.plan_name).name},{' '}
          {formatUsd(subscription.amount_cents)}) for{' '}
          {subscription.user?.email ?? subscription.stripe_customer_id}?
        </DialogContentText>
        {!atPeriodEnd && (
          <DialogContentText sx={{ mt: 1 }}>
            Cancelling now ends access today; you can then refund the unused part of the period.
          </DialogContentText>
        )}
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
