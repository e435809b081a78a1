import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
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
import {
  MEMBER_PLANS,
  PLANS,
  formatUsd,
  type AdminUserRecord,
  type ChangePlanRequest,
  type MemberPlan,
  type PlanPreview,
} from '@leadpulse/common';
import { adminApi, errorMessage } from '../../api';

/** Change Subscription: another monthly plan, with Stripe's prorated preview. */
export function ChangePlanDialog({
  user,
  onClose,
}: {
  user: AdminUserRecord;
  onClose: () => void;
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [plan, setPlan] = useState<MemberPlan | ''>('');
  const [busy, setBusy] = useState(false);
  const [requestId] = useState(() => crypto.randomUUID());
  const founding = user.subscription_plan === 'founding_member';
  const preview = useQuery({
    queryKey: ['users', user.id, 'plan-preview', plan],
    queryFn: () => adminApi<PlanPreview>(`/users/${user.id}/subscription/preview?plan=${plan}`),
    enabled: !!plan,
  });
  const submit = async () => {
    if (!plan) return;
    setBusy(true);
    try {
      await adminApi(`/users/${user.id}/subscription`, {
        method: 'POST',
        body: { plan, request_id: requestId } satisfies ChangePlanRequest,
      });
      notify(`Subscription changed to ${PLANS[plan].name} for ${user.email}`, { type: 'success' });
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
            onChange={(event) => setPlan(event.target.value as MemberPlan)}
          >
            {MEMBER_PLANS.map((id) => (
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
