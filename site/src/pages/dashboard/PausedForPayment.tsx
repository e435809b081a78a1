import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import { formatUsd, type OwnMemberRecord } from '@leadpulse/common';
import { paymentPlanName, useUpdatePaymentMethod } from '../../features/member/usePaymentMethod';

/**
 * What a paid area shows in place of its tools while the member's plan is suspended for
 * non-payment: what is paused, that nothing is lost, and how to bring it back.
 */
export function PausedForPayment({ area, member }: { area: string; member: OwnMemberRecord }) {
  const { open, opening, error } = useUpdatePaymentMethod();
  const plan = paymentPlanName(member);
  const amount = formatUsd(member.payment_issue?.amount_cents ?? 0);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="paused-title"
      sx={{ p: { xs: 2, md: 4 } }}
    >
      <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 560 }}>
        <PauseCircleOutlined color="error" sx={{ fontSize: 40 }} aria-hidden />
        <Typography id="paused-title" variant="h5" component="h2">
          {area} is paused
        </Typography>
        <Typography>
          {area} is part of your {plan} plan, which is suspended until its payment of {amount} goes
          through. Everything you set up here is kept, and comes back as soon as it does.
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          <Button variant="contained" onClick={() => void open()} disabled={opening}>
            {opening ? 'Opening…' : 'Update payment method'}
          </Button>
          <Button component={RouterLink} to="/dashboard/settings?tab=subscription">
            See your billing
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
