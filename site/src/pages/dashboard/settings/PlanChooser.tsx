import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  MEMBER_PLANS,
  PLANS,
  formatUsd,
  type MemberPlan,
  type MemberRecord,
} from '@leadpulse/common';
import { ApiError } from '../../../api/client';
import { isPaying, memberApi } from '../../../features/member/member-api';
import { ChangePlanDialog } from './ChangePlanDialog';

/** Monthly plans: subscribe by Stripe Checkout, or, when already paying, move to another plan. */
export function PlanChooser({
  member,
  onChanged,
}: {
  member: MemberRecord;
  onChanged?: () => Promise<void>;
}) {
  const [busy, setBusy] = useState<string>();
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string }>();
  const [next, setNext] = useState<MemberPlan | ''>('');
  const [confirming, setConfirming] = useState(false);

  const subscribe = async (plan: MemberPlan) => {
    setBusy(plan);
    setNotice(undefined);
    try {
      const { url } = await memberApi.checkout(plan);
      window.location.assign(url);
    } catch (error) {
      setNotice({
        severity: 'error',
        text:
          error instanceof ApiError
            ? error.message
            : 'We could not start the checkout. Please try again.',
      });
      setBusy(undefined);
    }
  };
  const change = async () => {
    if (!next) return;
    setBusy('change');
    setNotice(undefined);
    try {
      await memberApi.changePlan(next);
      await onChanged?.();
      setNotice({
        severity: 'success',
        text:
          member.subscription_plan === 'founding_member'
            ? `After your founding period you will move to ${PLANS[next].name}.`
            : `Your plan is now ${PLANS[next].name}.`,
      });
      setNext('');
      setConfirming(false);
    } catch (error) {
      setConfirming(false);
      setNotice({
        severity: 'error',
        text:
          error instanceof ApiError
            ? error.message
            : 'We could not change your plan. Please try again.',
      });
    } finally {
      setBusy(undefined);
    }
  };

  if (isPaying(member))
    return (
      <Stack spacing={1.5} component="section" aria-label="Change plan">
        <Typography variant="h6" component="h3">
          Change plan
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            select
            size="small"
            label="New plan"
            value={next}
            onChange={(event) => setNext(event.target.value as MemberPlan)}
            sx={{ minWidth: 240 }}
          >
            {MEMBER_PLANS.map((plan) => (
              <MenuItem key={plan} value={plan} disabled={plan === member.subscription_plan}>
                {PLANS[plan].name} · {formatUsd(PLANS[plan].priceCents)}/month
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={!next || busy === 'change'}
            onClick={() => {
              setNotice(undefined);
              setConfirming(true);
            }}
          >
            Change Plan
          </Button>
        </Stack>
        {confirming && next && (
          <ChangePlanDialog
            current={member.subscription_plan}
            next={next}
            busy={busy === 'change'}
            onConfirm={() => void change()}
            onClose={() => setConfirming(false)}
          />
        )}
        {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
      </Stack>
    );

  return (
    <Stack spacing={1.5} component="section" aria-label="Choose a plan">
      <Typography variant="h6" component="h3">
        Choose a plan
      </Typography>
      <Grid container spacing={2}>
        {MEMBER_PLANS.map((plan) => (
          <Grid key={plan} size={{ xs: 12, md: 4 }}>
            <Card
              variant="outlined"
              sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
            >
              <CardContent sx={{ flex: 1 }}>
                <Typography variant="h6" component="p">
                  {PLANS[plan].name}
                </Typography>
                <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
                  {formatUsd(PLANS[plan].priceCents)}
                  <Typography component="span" color="text.secondary">
                    /month
                  </Typography>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {PLANS[plan].description}
                </Typography>
              </CardContent>
              <CardActions>
                <Button
                  fullWidth
                  variant="outlined"
                  disabled={!!busy}
                  onClick={() => void subscribe(plan)}
                  aria-label={`Subscribe to ${PLANS[plan].name}`}
                >
                  Subscribe
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
      {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
    </Stack>
  );
}
