import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { PLANS, formatUsd } from '@leadpulse/common';
import type { MemberPlan, PlanPreview } from '@leadpulse/common';
import { memberApi } from '../../../features/member/member-api';

/** A plan's price as the member pays it: "$75/month", the founding "$50 for the first 3 months". */
function priceText(plan: (typeof PLANS)[keyof typeof PLANS]): string {
  return plan.intervalCount === 1
    ? `${formatUsd(plan.priceCents)}/month`
    : `${formatUsd(plan.priceCents)} for the first ${plan.intervalCount} months`;
}

/** What the change costs now, in the member's words. */
function chargeText(preview: PlanPreview, next: MemberPlan): string {
  const plan = PLANS[next];
  if (preview.after_founding)
    return `Nothing changes during your founding period. When it ends, you move to ${plan.name} at ${formatUsd(plan.priceCents)}/month.`;
  if (preview.amount_due_cents > 0)
    return `You'll be charged ${formatUsd(preview.amount_due_cents)} now for the rest of this billing period, then ${formatUsd(plan.priceCents)}/month.`;
  if (preview.credit_cents > 0)
    return `You'll get a credit of ${formatUsd(preview.credit_cents)} for the rest of this billing period, then pay ${formatUsd(plan.priceCents)}/month.`;
  return `Nothing is charged now; you'll pay ${formatUsd(plan.priceCents)}/month from your next bill.`;
}

/**
 * Confirms a plan change before it is made: the new price and what Stripe would charge or credit
 * now for the rest of the period.
 */
export function ChangePlanDialog({
  current,
  next,
  busy,
  onConfirm,
  onClose,
}: {
  current: string | null;
  next: MemberPlan;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const [preview, setPreview] = useState<PlanPreview>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stale = false;
    memberApi.previewPlan(next).then(
      (answer) => !stale && setPreview(answer),
      () => !stale && setFailed(true),
    );
    return () => {
      stale = true;
    };
  }, [next]);

  const from = current && current in PLANS ? PLANS[current as MemberPlan] : null;
  const to = PLANS[next];
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="change-plan-title"
    >
      <DialogTitle id="change-plan-title">Change to {to.name}?</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>
            {from
              ? `From ${from.name} (${priceText(from)}) to ${to.name} (${priceText(to)}).`
              : `${to.name} costs ${priceText(to)}.`}
          </Typography>
          {!preview && !failed && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CircularProgress size={20} aria-label="Calculating the price" />
              <Typography color="text.secondary">Calculating what you'd pay now…</Typography>
            </Stack>
          )}
          {preview && <Alert severity="info">{chargeText(preview, next)}</Alert>}
          {failed && (
            <Alert severity="error">
              We could not work out the price of this change. Please try again.
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={!preview || busy}>
          {busy ? 'Changing…' : 'Confirm Change'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
