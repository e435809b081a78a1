import { DataTable, SearchInput, SelectInput, useNotify, useRefresh } from 'react-admin';
import { newsletterLabel, statusBadgeColour, type SubscriberRecord } from '@leadpulse/common';
import { adminApi, errorMessage } from '../api';
import { useCan } from '../auth/useCan';
import { Badge } from '../components/Badge';
import { DateTimeText } from '../components/DateTimeText';
import { EmailText } from '../components/EmailText';
import { AdminList } from '../lists/AdminList';
import { RowActions } from '../lists/RowActions';
import { NewsletterActions } from './NewsletterActions';
import { ROW_ACTIONS } from '../lists/RowActions';
import { FILTER_SELECT } from '../lists/toolbar';

const choices = (ids: string[]) => ids.map((id) => ({ id, name: newsletterLabel(id) }));

const filters = [
  // Fixed widths, so that the three filters and the three buttons share one line at 1280 px
  // whichever option is chosen.
  <SearchInput key="q" source="q" placeholder="Search emails..." alwaysOn sx={{ width: 180 }} />,
  <SelectInput
    {...FILTER_SELECT}
    key="status"
    source="status"
    label="Status"
    choices={choices(['active', 'unsubscribed', 'bounced', 'pending'])}
    emptyText="All Statuses"
    sx={{ width: 156 }}
    alwaysOn
  />,
  <SelectInput
    {...FILTER_SELECT}
    key="source"
    source="source"
    label="Source"
    choices={choices(['waitlist', 'newsletter', 'founding_member', 'manual', 'import'])}
    emptyText="All Sources"
    // Wide enough for "Founding Member" on one line.
    sx={{ width: 180 }}
    alwaysOn
  />,
];

/** Newsletter: subscribers (the waitlist included), with Unsubscribe and Resubscribe that really act. */
export function NewsletterList() {
  const notify = useNotify();
  const refresh = useRefresh();
  const canUnsubscribe = useCan('unsubscribe', 'newsletter');
  const canResubscribe = useCan('resubscribe', 'newsletter');
  const act = async (subscriber: SubscriberRecord, action: 'unsubscribe' | 'resubscribe') => {
    try {
      await adminApi(`/newsletter/${subscriber.id}/${action}`, { method: 'POST' });
      notify(`${action === 'unsubscribe' ? 'Unsubscribed' : 'Resubscribed'} ${subscriber.email}`, {
        type: 'success',
      });
      refresh();
    } catch (error) {
      notify(
        `${action === 'unsubscribe' ? 'Failed to unsubscribe' : 'Failed to resubscribe'}: ${errorMessage(error)}`,
        { type: 'error' },
      );
    }
  };
  return (
    <AdminList
      noun="newsletter subscribers"
      title="Newsletter"
      filters={filters}
      actions={<NewsletterActions />}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable
        bulkActionButtons={false}
        rowClick={false}
        // Tighter cells so that three dates and the actions fit beside the address at 1280 px.
        sx={{ '& .MuiTableCell-root': { px: 1 } }}
      >
        <DataTable.Col
          source="email"
          label="Email"
          render={(row: SubscriberRecord) => <EmailText value={row.email} />}
        />
        <DataTable.Col
          source="status"
          label="Status"
          render={(row: SubscriberRecord) => (
            <Badge
              label={newsletterLabel(row.status)}
              colour={row.status === 'bounced' ? 'red' : statusBadgeColour(row.status)}
            />
          )}
        />
        <DataTable.Col
          source="source"
          label="Source"
          sx={{ whiteSpace: 'nowrap' }}
          render={(row: SubscriberRecord) => newsletterLabel(row.source)}
        />
        <DataTable.Col
          source="confirmed_at"
          label="Confirmed At"
          render={(row: SubscriberRecord) => <DateTimeText value={row.confirmed_at} />}
        />
        <DataTable.Col
          source="last_email_sent_at"
          label="Last Email Sent"
          render={(row: SubscriberRecord) => <DateTimeText value={row.last_email_sent_at} />}
        />
        <DataTable.Col
          source="created_at"
          label="Created At"
          render={(row: SubscriberRecord) => <DateTimeText value={row.created_at} />}
        />
        <DataTable.Col
          label=""
          cellClassName={ROW_ACTIONS}
          headerClassName={ROW_ACTIONS}
          disableSort
          render={(row: SubscriberRecord) => (
            <RowActions
              label={`Actions for ${row.email}`}
              actions={[
                canUnsubscribe && {
                  label: 'Unsubscribe',
                  onClick: () => void act(row, 'unsubscribe'),
                  disabled: row.status === 'unsubscribed',
                },
                canResubscribe && {
                  label: 'Resubscribe',
                  onClick: () => void act(row, 'resubscribe'),
                  disabled: row.status === 'active',
                },
              ]}
            />
          )}
        />
      </DataTable>
    </AdminList>
  );
}
