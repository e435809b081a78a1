import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useNotify } from 'react-admin';
import {
  paymentStatusLabel,
  type AdminUserRecord,
  type PaymentHistory as History,
} from '@leadpulse/common';
import { adminApi } from '../../api';
import { useCan } from '../../auth/useCan';
import { Badge } from '../../components/Badge';
import { DateText } from '../../components/DateTimeText';
import { paymentLabel, paymentsKey } from '../payments';
import { Section } from './Section';

/** Why Refresh Payment History is disabled for a user Stripe does not know yet. */
export const NO_CUSTOMER_REASON =
  'This user has no Stripe customer yet, so there is nothing to refresh.';

const STATUS_COLOURS = {
  succeeded: 'green',
  pending: 'yellow',
  failed: 'red',
  refunded: 'grey',
} as const;

/** Payment History: the card on file and the payments, with Refresh Payment History. */
export function PaymentHistory({ user }: { user: AdminUserRecord }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const canSync = useCan('sync_payment_history', 'users');
  const { data, isError } = useQuery({
    queryKey: paymentsKey(user.id),
    queryFn: () => adminApi<History>(`/users/${user.id}/payments`),
  });
  useEffect(() => {
    if (isError) notify('Failed to fetch payment history', { type: 'error' });
  }, [isError, notify]);

  const refresh = async () => {
    setRefreshing(true);
    try {
      queryClient.setQueryData(
        paymentsKey(user.id),
        await adminApi<History>(`/users/${user.id}/payments/sync`, { method: 'POST' }),
      );
      notify('Payment history refreshed', { type: 'success' });
    } catch {
      notify('Failed to sync payment history from Stripe', { type: 'error' });
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Section
      title="Payment History"
      action={
        canSync ? (
          <Tooltip title={user.stripe_customer_id ? '' : NO_CUSTOMER_REASON}>
            <Box component="span" sx={{ flexShrink: 0 }}>
              <Button
                size="small"
                disabled={refreshing || !user.stripe_customer_id}
                onClick={() => void refresh()}
                sx={{ whiteSpace: 'nowrap' }}
              >
                Refresh Payment History
              </Button>
            </Box>
          </Tooltip>
        ) : undefined
      }
    >
      <Box sx={{ maxHeight: '16rem', overflowY: 'auto' }}>
        {data?.payment_methods.map((card) => (
          <Stack
            key={card.id}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', mb: 1 }}
            aria-label="Card on file"
          >
            <Typography variant="body2" sx={{ textTransform: 'capitalize', fontWeight: 600 }}>
              {card.card_brand ?? 'Card'}
            </Typography>
            <Typography variant="body2">•••• {card.card_last4}</Typography>
            <Typography variant="body2" color="text.secondary">
              {String(card.card_exp_month).padStart(2, '0')}/{String(card.card_exp_year).slice(-2)}
            </Typography>
            {card.is_default && <Badge label="Default" colour="blue" />}
          </Stack>
        ))}
        {isError ? (
          <Typography color="error" variant="body2">
            Failed to fetch payment history
          </Typography>
        ) : data && data.transactions.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No payment history available
          </Typography>
        ) : (
          <List dense disablePadding aria-label="Payments">
            {data?.transactions.map((payment) => (
              <ListItem key={payment.id} disableGutters divider>
                <ListItemText
                  primary={
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                      useFlexGap
                    >
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {paymentLabel(payment)}
                      </Typography>
                      <Badge
                        label={paymentStatusLabel(payment.status)}
                        colour={
                          STATUS_COLOURS[payment.status as keyof typeof STATUS_COLOURS] ?? 'grey'
                        }
                      />
                    </Stack>
                  }
                  secondary={
                    <>
                      {payment.description ?? 'Payment'} ·{' '}
                      <DateText value={payment.paid_at ?? payment.created_at} />
                      {payment.receipt_url && (
                        <>
                          {' · '}
                          <Link
                            href={payment.receipt_url}
                            target="_blank"
                            rel="noopener noreferrer"
                          >
                            Receipt
                          </Link>
                        </>
                      )}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Section>
  );
}
