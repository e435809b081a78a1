import { useState } from 'react';
import { Box, Button, Divider, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { ApiError } from '../../../api/client';
import { memberApi } from '../../../features/member/member-api';
import { useSnackbar } from '../../../features/snackbar/snackbar';

/** Saves `data` as a JSON file named `name` through the browser's own download. */
function saveJson(data: unknown, name: string) {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
  );
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** "Download my data": everything held about the member, as a JSON file. */
export function DownloadData() {
  const [busy, setBusy] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const download = async () => {
    setBusy(true);
    try {
      const data = await memberApi.exportData();
      saveJson(data, `leadpulse-data-${data.exported_at.slice(0, 10)}.json`);
    } catch (error) {
      enqueueSnackbar(
        error instanceof ApiError ? error.message : 'Your data could not be downloaded.',
        { variant: 'error' },
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" component="h2">
        Your data
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        Download a copy of everything we hold about you: your profile and preferences, your
        subscriptions and payments, the e-mails we sent you and the activity on your account.
      </Typography>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={busy}
        onClick={() => void download()}
      >
        {busy ? 'Preparing…' : 'Download my data'}
      </Button>
    </Box>
  );
}
