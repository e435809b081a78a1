import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  billingDate,
  formatUsd,
  invoiceStatusLabel,
  type MemberBilling,
  type MemberInvoice,
} from '@leadpulse/common';
import { planAt } from '../../../features/member/member-api';
import { BILLING_LOAD_FAILED, messageOf, useBilling } from '../../../features/member/useBilling';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog';

/** Full width in the phone's one column, as the tab's other buttons are there. */
const wideOnPhones = { width: { xs: '100%', sm: 'auto' } } as const;

/** Subscriptions that still run: they can be set to end, and will be charged again. */
const LIVE = ['active', 'trialing', 'past_due', 'unpaid'];

// Sizes in pixels: the sx shorthand reads 1 as 100%.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const STATUS_COLOURS: Record<string, 'success' | 'warning' | 'default'> = {
  paid: 'success',
  open: 'warning',
};

function Invoices({ invoices }: { invoices: MemberInvoice[] }) {
  if (invoices.length === 0)
    return (
      <Typography color="text.secondary" variant="body2">
        No invoices yet.
      </Typography>
    );
  return (
    <Box sx={{ overflowX: 'auto', maxWidth: 560 }}>
      <Table
        size="small"
        aria-label="Invoices"
        sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Receipt
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => (
            <TableRow key={invoice.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {billingDate(invoice.date, 'short')}
              </TableCell>
              <TableCell align="right">{formatUsd(invoice.amount_cents)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={invoiceStatusLabel(invoice.status)}
                  color={STATUS_COLOURS[invoice.status] ?? 'default'}
                />
              </TableCell>
              <TableCell>
                {invoice.receipt_url && (
                  <Link
                    href={invoice.receipt_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Receipt for ${billingDate(invoice.date)} (opens in a new tab)`}
                  >
                    {invoice.status === 'paid' ? 'Receipt' : 'View'}
                  </Link>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** What the subscription will do next: its end, the founding move, the next charge. */
function Upcoming({ billing }: { billing: MemberBilling }) {
  const live = LIVE.includes(billing.status);
  return (
    <Stack spacing={1}>
      {billing.status === 'canceled' && (
        <Alert severity="info">
          Your subscription ended
          {billing.current_period_end ? ` on ${billingDate(billing.current_period_end)}` : ''}.
        </Alert>
      )}
      {live && billing.cancel_at_period_end && (
        <Alert severity="warning">
          Your subscription ends on {billingDate(billing.current_period_end)}.
        </Alert>
      )}
      {billing.founding_transition && (
        <Typography>
          Your founding period ends on {billingDate(billing.founding_transition.date)}. You then
          move to {planAt(billing.founding_transition.price_cents) ?? 'your next plan'} at{' '}
          {formatUsd(billing.founding_transition.price_cents)}/month.
        </Typography>
      )}
      {billing.next_invoice && (
        <Typography>
          Next charge:{' '}
          <strong>
            {formatUsd(billing.next_invoice.amount_cents)} on{' '}
            {billingDate(billing.next_invoice.date)}
          </strong>
        </Typography>
      )}
    </Stack>
  );
}

/**
 * Billing in Settings → Subscription: the next charge (Stripe's preview), a founding member's
 * move to their next plan, Cancel subscription (at period end, with a reason) and Resume before
 * the end, and the invoices with their receipts.
 */
export function BillingSection({ onChanged }: { onChanged?: () => Promise<void> }) {
  const { billing, failed, reload, cancel, resume } = useBilling(onChanged);
  const [cancelling, setCancelling] = useState(false);
  const [resuming, setResuming] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string }>();

  const doResume = async () => {
    setResuming(true);
    setNotice(undefined);
    try {
      await resume();
      setNotice({ severity: 'success', text: 'Your subscription will continue.' });
    } catch (error) {
      setNotice({
        severity: 'error',
        text: messageOf(error, 'We could not resume your subscription. Please try again.'),
      });
    } finally {
      setResuming(false);
    }
  };

  return (
    <Stack spacing={1.5} component="section" aria-label="Billing">
      <Typography variant="h6" component="h3">
        Billing
      </Typography>
      {failed && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void reload()}>
              Try again
            </Button>
          }
        >
          {BILLING_LOAD_FAILED}
        </Alert>
      )}
      {!billing && !failed && (
        <Box aria-busy="true" aria-label="Loading your billing">
          <Skeleton width="60%" />
          <Skeleton width="40%" />
        </Box>
      )}
      {billing && (
        <>
          <Upcoming billing={billing} />
          {notice && <Alert severity={notice.severity}>{notice.text}</Alert>}
          {LIVE.includes(billing.status) && (
            <Box>
              {billing.cancel_at_period_end ? (
                <Button
                  key="resume"
                  variant="contained"
                  onClick={() => void doResume()}
                  disabled={resuming}
                  sx={wideOnPhones}
                >
                  {resuming ? 'Resuming…' : 'Resume subscription'}
                </Button>
              ) : (
                <Button
                  key="cancel"
                  variant="outlined"
                  color="error"
                  onClick={() => {
                    setNotice(undefined);
                    setCancelling(true);
                  }}
                  sx={wideOnPhones}
                >
                  Cancel subscription
                </Button>
              )}
            </Box>
          )}
          <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, pt: 1 }}>
            Invoices
          </Typography>
          <Invoices invoices={billing.invoices} />
          {cancelling && (
            <CancelSubscriptionDialog
              endsOn={billing.current_period_end}
              onClose={() => setCancelling(false)}
              onCancel={async (reason, comment) => {
                await cancel(reason, comment);
                setCancelling(false);
              }}
            />
          )}
        </>
      )}
    </Stack>
  );
}
