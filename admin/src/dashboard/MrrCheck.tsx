import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  AlertTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatUsd, type MrrCheck } from '@leadpulse/common';
import { adminApi } from '../api';

/**
 * The dashboard's MRR checked against what Stripe bills: a line when they agree; when they do
 * not, the difference and the subscriptions behind it (the hourly reconciliation corrects those
 * it can prove wrong).
 */
export function MrrCheck() {
  const check = useQuery({
    queryKey: ['admin', 'metrics', 'mrr-check'],
    queryFn: () => adminApi<MrrCheck>('/metrics/mrr-check'),
    retry: 1,
  });
  if (!check.data) return null;
  const { difference_cents, history_mrr_cents, stripe_mrr_cents, subscriptions } = check.data;
  if (difference_cents === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        MRR agrees with Stripe: {formatUsd(stripe_mrr_cents)}/month.
      </Typography>
    );
  return (
    <Alert severity="warning" sx={{ mt: 2 }} aria-label="MRR check">
      <AlertTitle>
        MRR differs from Stripe by {formatUsd(Math.abs(difference_cents))}/month
      </AlertTitle>
      The subscription history says {formatUsd(history_mrr_cents)}/month; Stripe bills{' '}
      {formatUsd(stripe_mrr_cents)}/month. The hourly reconciliation corrects the history it can
      prove wrong.
      {/* On a phone the table scrolls sideways: a keyboard reaches it, and it is named. */}
      <TableContainer
        sx={{ mt: 1 }}
        tabIndex={0}
        role="region"
        aria-label="Subscriptions that differ table"
      >
        <Table size="small" aria-label="Subscriptions that differ">
          <TableHead>
            <TableRow>
              <TableCell>Subscription</TableCell>
              <TableCell>Customer</TableCell>
              <TableCell align="right">History</TableCell>
              <TableCell align="right">Stripe</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {subscriptions.map((row) => (
              <TableRow key={row.id}>
                <TableCell sx={{ wordBreak: 'break-all' }}>{row.id}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{row.customer}</TableCell>
                <TableCell align="right">{formatUsd(row.history_cents)}</TableCell>
                <TableCell align="right">{formatUsd(row.stripe_cents)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Alert>
  );
}
