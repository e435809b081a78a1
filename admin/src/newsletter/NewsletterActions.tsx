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
import { TopToolbar, useListContext, useNotify, useRefresh } from 'react-admin';
import { adminApi, errorMessage } from '../api';
import { useCan } from '../auth/useCan';
import { TOOLBAR_WRAP } from '../lists/toolbar';
import { exportCsv } from '../users/exportUsers';
import type {
  AddSubscriberRequest,
  ImportSubscribersRequest,
  SubscriberImportResult,
} from '@leadpulse/common';

function AddSubscriberDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      await adminApi('/newsletter', {
        method: 'POST',
        body: { email } satisfies AddSubscriberRequest,
      });
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

/** Import CSV, Export and Add Subscriber, each shown to whoever may use it. */
export function NewsletterActions() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [adding, setAdding] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const canImport = useCan('import_subscribers', 'newsletter');
  const canAdd = useCan('add_subscriber', 'newsletter');
  const importFile = async (chosen: File) => {
    try {
      const result = await adminApi<SubscriberImportResult>('/newsletter/import', {
        method: 'POST',
        body: { csv: await chosen.text() } satisfies ImportSubscribersRequest,
      });
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
    <TopToolbar sx={TOOLBAR_WRAP}>
      {canImport && (
        <>
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
        </>
      )}
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
      {canAdd && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          Add Subscriber
        </Button>
      )}
      {adding && <AddSubscriberDialog onClose={() => setAdding(false)} />}
    </TopToolbar>
  );
}
