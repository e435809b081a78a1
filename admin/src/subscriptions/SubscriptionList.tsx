import { useState } from 'react';
import { Typography } from '@mui/material';
import {
  DataTable,
  type HttpError,
  SearchInput,
  SelectInput,
  useNotify,
  useRefresh,
} from 'react-admin';
import {
  billingPeriodLabel,
  formatUsd,
  getPlan,
  statusBadgeColour,
  subscriptionStatusLabel,
  type PendingCharge,
  type SubscriptionRecord,
  type SubscriptionAction,
} from '@leadpulse/common';
import { adminApi, errorCode, errorMessage } from '../api';
import { useCan } from '../auth/useCan';
import { Badge } from '../components/Badge';
import { DateText } from '../components/DateTimeText';
import { formatDate } from '../format';
import { AdminList } from '../lists/AdminList';
import { RowActions } from '../lists/RowActions';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog';
import { ROW_ACTIONS } from '../lists/RowActions';
import { ReactivateSubscriptionDialog } from './ReactivateSubscriptionDialog';
import { FILTER_SELECT } from '../lists/toolbar';

/** The spec's status options; Stripe spells cancelled "canceled". */
const STATUSES = ['active', 'inactive', 'canceled', 'past_due', 'unpaid', 'trialing'].map((id) => ({
  id,
  name: subscriptionStatusLabel(id),
}));

const filters = [
  <SearchInput key="q" source="q" placeholder="Search customers..." alwaysOn />,
  <SelectInput
    {...FILTER_SELECT}
    key="status"
    source="status"
    label="Status"
    choices={STATUSES}
    emptyText="All Statuses"
    alwaysOn
  />,
];

/** Subscriptions: the spec's columns and status filter, Cancel and Reactivate through Stripe. */
export function SubscriptionList() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [cancelling, setCancelling] = useState<SubscriptionRecord>();
  const canCancel = useCan('cancel_subscription', 'subscriptions');
  const canReactivate = useCan('reactivate_subscription', 'subscriptions');
  const [confirming, setConfirming] = useState<{
    subscription: SubscriptionRecord;
    charge: PendingCharge;
  }>();
  // Undoing a scheduled cancellation charges nothing and goes ahead; restarting a cancelled
  // subscription is refused with the charge it would make, which the dialog then shows.
  const reactivate = async (subscription: SubscriptionRecord) => {
    try {
      const { message } = await adminApi<SubscriptionAction>(
        `/subscriptions/${subscription.id}/reactivate`,
        { method: 'POST', body: {} },
      );
      notify(message, { type: 'success' });
      refresh();
    } catch (error) {
      if (errorCode(error) === 'charge_confirmation_required')
        setConfirming({ subscription, charge: (error as HttpError).body as PendingCharge });
      else notify(`Failed to reactivate subscription: ${errorMessage(error)}`, { type: 'error' });
    }
  };
  return (
    <>
      <AdminList
        noun="subscriptions"
        title="Subscriptions"
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col
            source="stripe_customer_id"
            label="Customer ID"
            render={(row: SubscriptionRecord) => (
              <>
                {row.stripe_customer_id}
                {row.user?.email && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {row.user.email}
                  </Typography>
                )}
              </>
            )}
          />
          <DataTable.Col
            source="plan_name"
            label="Plan"
            render={(row: SubscriptionRecord) => getPlan(row.plan_name).name}
          />
          <DataTable.Col
            source="plan_type"
            label="Type"
            render={(row: SubscriptionRecord) => billingPeriodLabel(row.plan_type)}
          />
          <DataTable.Col
            source="status"
            label="Status"
            render={(row: SubscriptionRecord) => (
              <>
                <Badge
                  label={subscriptionStatusLabel(row.status)}
                  colour={statusBadgeColour(row.status === 'past_due' ? 'suspended' : row.status)}
                />
                {row.cancel_at_period_end && row.status !== 'canceled' && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="div"
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    Cancels {formatDate(row.current_period_end)}
                  </Typography>
                )}
              </>
            )}
          />
          <DataTable.Col
            source="amount_cents"
            label="Amount"
            render={(row: SubscriptionRecord) => formatUsd(row.amount_cents)}
          />
          <DataTable.Col
            source="created_at"
            label="Created At"
            render={(row: SubscriptionRecord) => <DateText value={row.created_at} />}
          />
          <DataTable.Col
            label=""
            cellClassName={ROW_ACTIONS}
            headerClassName={ROW_ACTIONS}
            disableSort
            render={(row: SubscriptionRecord) => (
              <RowActions
                label={`Actions for ${row.stripe_subscription_id}`}
                actions={[
                  canCancel && {
                    label: 'Cancel Subscription',
                    onClick: () => setCancelling(row),
                    disabled: row.status === 'canceled',
                  },
                  canReactivate && {
                    label: 'Reactivate Subscription',
                    onClick: () => void reactivate(row),
                    disabled: !(row.status === 'canceled' || row.cancel_at_period_end),
                  },
                ]}
              />
            )}
          />
        </DataTable>
      </AdminList>
      {cancelling && (
        <CancelSubscriptionDialog
          subscription={cancelling}
          onClose={() => setCancelling(undefined)}
        />
      )}
      {confirming && (
        <ReactivateSubscriptionDialog {...confirming} onClose={() => setConfirming(undefined)} />
      )}
    </>
  );
}
