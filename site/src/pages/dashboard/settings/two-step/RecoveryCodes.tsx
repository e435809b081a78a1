import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import { useSnackbar } from '../../../../features/snackbar/snackbar';
import { RECOVERY_CODES_FILE, recoveryCodesText } from './two-step-text';

interface Props {
  codes: string[];
  onDone(): void;
}

/** The recovery codes, shown once right after two-step verification is turned on. */
export function RecoveryCodes({ codes, onDone }: Props) {
  const { enqueueSnackbar } = useSnackbar();

  const download = () => {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_FILE;
    link.click();
    URL.revokeObjectURL(url);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryCodesText(codes));
      enqueueSnackbar('Recovery codes copied.', { variant: 'success' });
    } catch {
      enqueueSnackbar('Could not copy the codes. Please download them instead.', {
        variant: 'error',
      });
    }
  };

  return (
    <Stack spacing={2}>
      <Alert severity="success">Two-step verification is on.</Alert>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Save your recovery codes
      </Typography>
      <Typography color="text.secondary">
        If you lose your phone, each of these codes signs you in once. Keep them somewhere safe,
        such as a password manager: they won&apos;t be shown again.
      </Typography>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          listStyle: 'none',
          m: 0,
          p: 2,
          fontFamily: 'monospace',
          fontSize: '1rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" startIcon={<Download />} onClick={download}>
          Download
        </Button>
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
          Copy
        </Button>
      </Stack>
      <Button variant="contained" onClick={onDone} sx={{ alignSelf: 'flex-start' }}>
        I&apos;ve saved my codes
      </Button>
    </Stack>
  );
}
