import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import { useLogout, useNotify } from 'react-admin';
import type { TotpEnrollment } from '@leadpulse/common';
import { errorMessage } from '../api';
import {
  enrollTotp,
  groupedKey,
  RECOVERY_CODES_FILE,
  recoveryCodesText,
  verifyTotp,
} from './two-step';

const monospace = {
  fontFamily: 'monospace',
  fontSize: '1rem',
  bgcolor: 'action.hover',
  borderRadius: 1,
} as const;

/**
 * What an administrator sees first while ADMIN_MFA_REQUIRED and no authenticator is set up: the
 * QR code (or its key), a first code, then the recovery codes to save before the portal opens.
 */
export function TwoStepEnrolment({ onDone }: { onDone(): void }) {
  const notify = useNotify();
  const logout = useLogout();
  const [enrolment, setEnrolment] = useState<TotpEnrollment>();
  const [codes, setCodes] = useState<string[]>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let stale = false;
    enrollTotp().then(
      (answer) => !stale && setEnrolment(answer),
      (caught: unknown) => !stale && setError(errorMessage(caught)),
    );
    return () => {
      stale = true;
    };
  }, []);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      setCodes((await verifyTotp(enrolment!.factor_id, code.replace(/\s+/g, ''))).recovery_codes);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes!)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_FILE;
    link.click();
    URL.revokeObjectURL(url);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryCodesText(codes!));
      notify('Recovery codes copied.', { type: 'info' });
    } catch {
      notify('Could not copy the codes. Please download them instead.', { type: 'error' });
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 520 }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
              Set up two-step verification
            </Typography>
            {!codes && (
              <Typography color="text.secondary">
                Administrators sign in with a code from an authenticator app as well as their
                password. Set it up to continue to the admin portal.
              </Typography>
            )}
            {error && <Alert severity="error">{error}</Alert>}
            {!enrolment && !error && <CircularProgress aria-label="Preparing your setup key" />}
            {enrolment && !codes && (
              <>
                <Typography>
                  1. Scan this QR code with your authenticator app, or enter the setup key.
                </Typography>
                <Box
                  component="img"
                  src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qr_svg)}`}
                  alt="QR code for your authenticator app"
                  sx={{
                    width: 192,
                    height: 192,
                    bgcolor: '#fff',
                    border: 1,
                    borderColor: 'divider',
                  }}
                />
                <Typography
                  component="code"
                  aria-label="Setup key"
                  sx={{ ...monospace, px: 1.5, py: 1, alignSelf: 'flex-start', maxWidth: '100%' }}
                >
                  {groupedKey(enrolment.secret)}
                </Typography>
                <Stack component="form" spacing={2} onSubmit={verify}>
                  <Typography>2. Enter the 6-digit code the app shows.</Typography>
                  <TextField
                    label="6-digit code"
                    value={code}
                    onChange={(event) => setCode(event.target.value)}
                    required
                    autoFocus
                    autoComplete="one-time-code"
                    slotProps={{
                      htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 },
                    }}
                  />
                  <Button type="submit" variant="contained" disabled={busy}>
                    {busy ? 'Verifying…' : 'Verify and turn on'}
                  </Button>
                </Stack>
              </>
            )}
            {codes && (
              <>
                <Alert severity="success">Two-step verification is on.</Alert>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                  Save your recovery codes
                </Typography>
                <Typography color="text.secondary">
                  If you lose your phone, each of these codes signs you in once. Keep them somewhere
                  safe: they won&apos;t be shown again.
                </Typography>
                <Box
                  component="ol"
                  aria-label="Recovery codes"
                  sx={{
                    ...monospace,
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                    gap: 1,
                    listStyle: 'none',
                    m: 0,
                    p: 2,
                  }}
                >
                  {codes.map((each) => (
                    <li key={each}>{each}</li>
                  ))}
                </Box>
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                  <Button variant="outlined" startIcon={<Download />} onClick={download}>
                    Download
                  </Button>
                  <Button
                    variant="outlined"
                    startIcon={<ContentCopy />}
                    onClick={() => void copy()}
                  >
                    Copy
                  </Button>
                </Stack>
                <Button variant="contained" onClick={onDone}>
                  Continue to the admin portal
                </Button>
              </>
            )}
            {!codes && (
              <Button onClick={() => void logout()} sx={{ alignSelf: 'flex-start' }}>
                Sign out
              </Button>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
