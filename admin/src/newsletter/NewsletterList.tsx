import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import AddIcon from '@mui/icons-material/PersonAdd';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import {
  DataTable,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
  useNotify,
  useRefresh,
} from 'react-admin';
import { statusBadgeColour } from '@leadpulse/common';
import { adminApi, errorMessage } from '../api';
import { Badge } from '../components/Badge';
import { formatDateTime } from '../format';
import { AdminList } from '../lists/AdminList';
import { RowActions } from '../lists/RowActions';
import { exportCsv } from '../users/exportUsers';

interface Subscriber {
  id: string;
  email: string;
  status: string;
  source: string;
  confirmed_at: string | null;
  last_email_sent_at: string | null;
  created_at: string;
}

const choices = (ids: string[]) =>
  ids.map((id) => ({
    id,
    name: id.replace(/_/g, ' ').replace(/^\w/, (first) => first.toUpperCase()),
  }));

const filters = [
  <SearchInput key="q" source="q" placeholder="Search emails..." alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={choices(['active', 'unsubscribed', 'bounced', 'pending'])}
    emptyText="All Statuses"
    alwaysOn
  />,
  <SelectInput
    key="source"
    source="source"
    label="Source"
    choices={choices(['waitlist', 'newsletter', 'founding_member', 'manual', 'import'])}
    emptyText="All Sources"
    alwaysOn
  />,
];

function AddSubscriberDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      await adminApi('/newsletter', { method: 'POST', body: { email } });
      notify(`${email} added to the newsletter`, { type: 'success' });
      refresh();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="add-subscriber-title">
      <DialogTitle id="add-subscriber-title">Add Subscriber</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!email.trim() || busy} onClick={() => void add()}>
          Add Subscriber
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function NewsletterActions() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [adding, setAdding] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const importFile = async (chosen: File) => {
    try {
      const result = await adminApi<{ imported: number; skipped: number; invalid: number }>(
        '/newsletter/import',
        {
          method: 'POST',
          body: { csv: await chosen.text() },
        },
      );
      notify(
        `Imported ${result.imported} subscriber(s); ${result.skipped} already on the list, ${result.invalid} invalid`,
        { type: 'success' },
      );
      refresh();
    } catch (error) {
      notify(`Failed to import subscribers: ${errorMessage(error)}`, { type: 'error' });
    }
  };
  return (
    <TopToolbar>
      <input
        ref={file}
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-label="CSV file to import"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) void importFile(chosen);
        }}
      />
      <Button startIcon={<UploadIcon />} onClick={() => file.current?.click()}>
        Import CSV
      </Button>
      <Button
        startIcon={<DownloadIcon />}
        onClick={() =>
          exportCsv('newsletter', filterValues).catch(() =>
            notify('Failed to export subscribers', { type: 'error' }),
          )
        }
      >
        Export
      </Button>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
        Add Subscriber
      </Button>
      {adding && <AddSubscriberDialog onClose={() => setAdding(false)} />}
    </TopToolbar>
  );
}

/** Newsletter: subscribers (the waitlist included), with Unsubscribe and Resubscribe that really act. */
export function NewsletterList() {
  const notify = useNotify();
  const refresh = useRefresh();
  const act = async (subscriber: Subscriber, action: 'unsubscribe' | 'resubscribe') => {
    try {
      await adminApi(`/newsletter/${subscriber.id}/${action}`, { method: 'POST' });
      notify(`${action === 'unsubscribe' ? 'Unsubscribed' : 'Resubscribed'} ${subscriber.email}`, {
        type: 'success',
      });
      refresh();
    } catch {
      notify(action === 'unsubscribe' ? 'Failed to unsubscribe' : 'Failed to resubscribe', {
        type: 'error',
      });
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
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="email" label="Email" />
        <DataTable.Col
          source="status"
          label="Status"
          render={(row: Subscriber) => (
            <Badge
              label={row.status}
              colour={row.status === 'bounced' ? 'red' : statusBadgeColour(row.status)}
            />
          )}
        />
        <DataTable.Col source="source" label="Source" />
        <DataTable.Col
          source="confirmed_at"
          label="Confirmed At"
          render={(row: Subscriber) => formatDateTime(row.confirmed_at)}
        />
        <DataTable.Col
          source="last_email_sent_at"
          label="Last Email Sent"
          render={(row: Subscriber) => formatDateTime(row.last_email_sent_at)}
        />
        <DataTable.Col
          source="created_at"
          label="Created At"
          render={(row: Subscriber) => formatDateTime(row.created_at)}
        />
        <DataTable.Col
          label=""
          disableSort
          render={(row: Subscriber) => (
            <RowActions
              label={`Actions for ${row.email}`}
              actions={[
                {
                  label: 'Unsubscribe',
                  onClick: () => void act(row, 'unsubscribe'),
                  disabled: row.status === 'unsubscribed',
                },
                {
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
