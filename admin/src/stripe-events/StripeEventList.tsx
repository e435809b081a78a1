import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import {
  DataTable,
  SearchInput,
  SelectInput,
  useDataProvider,
  useNotify,
  useRefresh,
} from 'react-admin';
import { adminApi, errorMessage } from '../api';
import { useCan } from '../auth/useCan';
import { Badge } from '../components/Badge';
import { DateTimeText, WrappingText } from '../components/DateTimeText';
import { AdminList } from '../lists/AdminList';
import { CardField, RecordCards } from '../lists/RecordCards';
import { RowActions } from '../lists/RowActions';
import { ROW_ACTIONS } from '../lists/RowActions';
import { FILTER_SELECT } from '../lists/toolbar';
import type { StripeEventRow, ActionMessage } from '@leadpulse/common';

function TypeFilter(props: { source: string; alwaysOn?: boolean }) {
  const { data = [] } = useQuery({
    queryKey: ['admin', 'stripe-event-types'],
    queryFn: () => adminApi<string[]>('/stripe-events/types'),
  });
  return (
    <SelectInput
      {...FILTER_SELECT}
      {...props}
      label="Event Type"
      choices={data.map((type) => ({ id: type, name: type }))}
      emptyText="All Types"
    />
  );
}

const filters = [
  <SearchInput key="q" source="q" placeholder="Search event IDs..." alwaysOn />,
  <TypeFilter key="event_type" source="event_type" alwaysOn />,
  <SelectInput
    {...FILTER_SELECT}
    key="processed"
    source="processed"
    label="Processed"
    choices={[
      { id: 'true', name: 'Processed' },
      { id: 'false', name: 'Not processed' },
    ]}
    emptyText="All"
    format={(value: boolean | undefined) => (value === undefined ? '' : String(value))}
    parse={(value: string) => (value === '' ? undefined : value === 'true')}
    alwaysOn
  />,
];

function EventDataDialog({ event, onClose }: { event: StripeEventRow; onClose: () => void }) {
  const dataProvider = useDataProvider();
  const { data, isError } = useQuery({
    queryKey: ['stripe-events', event.id, 'data'],
    queryFn: async () =>
      (await dataProvider.getOne('stripe-events', { id: event.id })).data as {
        event_data: unknown;
      },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="event-data-title">
      <DialogTitle id="event-data-title">Event Data: {event.stripe_event_id}</DialogTitle>
      <DialogContent>
        {isError ? (
          <Typography color="error">Error loading event data. Please try again</Typography>
        ) : (
          <Box
            component="pre"
            sx={{
              m: 0,
              p: 2,
              bgcolor: 'grey.100',
              borderRadius: 1,
              overflow: 'auto',
              fontSize: 13,
              maxHeight: '60vh',
            }}
          >
            {data ? JSON.stringify(data.event_data, null, 2) : 'Loading…'}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Stripe Events: stored webhook events, their payload, and Replay Webhook. */
export function StripeEventList() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [viewing, setViewing] = useState<StripeEventRow>();
  const canReplay = useCan('replay', 'stripe-events');
  const replay = async (event: StripeEventRow) => {
    try {
      const { message } = await adminApi<ActionMessage>(`/stripe-events/${event.id}/replay`, {
        method: 'POST',
      });
      notify(message, { type: 'success' });
      refresh();
    } catch (error) {
      notify(`Failed to replay webhook: ${errorMessage(error)}`, { type: 'error' });
    }
  };
  return (
    <>
      <AdminList
        noun="Stripe events"
        title="Stripe Events"
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        cards={
          <RecordCards<StripeEventRow>
            noun="Stripe events"
            card={(event) => (
              <>
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {event.event_type}
                  </Typography>
                  <Badge
                    label={event.processed ? 'Processed' : 'Not processed'}
                    colour={event.processed ? 'green' : event.error_message ? 'red' : 'yellow'}
                  />
                </Stack>
                <CardField label="Event ID">{event.stripe_event_id}</CardField>
                <CardField label="Created At">
                  <DateTimeText value={event.created_at} />
                </CardField>
                {event.error_message && (
                  <CardField label="Error">
                    <WrappingText value={event.error_message} />
                  </CardField>
                )}
                <Box sx={{ justifySelf: 'end' }}>
                  <RowActions
                    label={`Actions for ${event.stripe_event_id}`}
                    actions={[
                      { label: 'View Event Data', onClick: () => setViewing(event) },
                      canReplay && { label: 'Replay Webhook', onClick: () => void replay(event) },
                    ]}
                  />
                </Box>
              </>
            )}
          />
        }
      >
        <DataTable
          bulkActionButtons={false}
          rowClick={false}
          // Tighter cells so that the two dates and the actions fit in the card at 1280 px.
          sx={{ '& .MuiTableCell-root': { px: 1.5 } }}
        >
          <DataTable.Col source="stripe_event_id" label="Event ID" />
          <DataTable.Col source="event_type" label="Event Type" />
          <DataTable.Col
            source="processed"
            label="Processed"
            render={(event: StripeEventRow) => (
              <Badge
                label={event.processed ? 'Yes' : 'No'}
                colour={event.processed ? 'green' : event.error_message ? 'red' : 'yellow'}
              />
            )}
          />
          <DataTable.Col
            source="processed_at"
            label="Processed At"
            render={(event: StripeEventRow) => <DateTimeText value={event.processed_at} />}
          />
          <DataTable.Col
            source="error_message"
            label="Error"
            disableSort
            render={(event: StripeEventRow) => <WrappingText value={event.error_message} />}
          />
          <DataTable.Col
            source="created_at"
            label="Created At"
            render={(event: StripeEventRow) => <DateTimeText value={event.created_at} />}
          />
          <DataTable.Col
            label=""
            cellClassName={ROW_ACTIONS}
            headerClassName={ROW_ACTIONS}
            disableSort
            render={(event: StripeEventRow) => (
              <RowActions
                label={`Actions for ${event.stripe_event_id}`}
                actions={[
                  { label: 'View Event Data', onClick: () => setViewing(event) },
                  canReplay && { label: 'Replay Webhook', onClick: () => void replay(event) },
                ]}
              />
            )}
          />
        </DataTable>
      </AdminList>
      {viewing && <EventDataDialog event={viewing} onClose={() => setViewing(undefined)} />}
    </>
  );
}
