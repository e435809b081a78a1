import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { TotpEnrollment } from '@leadpulse/common';
import { authApi } from '../../../../features/auth/auth-api';
import { codeErrorMessage, groupedKey } from './two-step-text';

interface Props {
  enrolment: TotpEnrollment;
  onVerified(recoveryCodes: string[]): void;
  onCancel(): void;
}

/** Adding the authenticator: its QR code (or the key typed by hand), then a first code. */
export function TotpEnrolment({ enrolment, onVerified, onCancel }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const { recovery_codes } = await authApi.verifyTotp(
        enrolment.factor_id,
        code.replace(/\s+/g, ''),
      );
      onVerified(recovery_codes);
    } catch (caught) {
      setError(codeErrorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography>
        1. Scan this QR code with your authenticator app, such as Google Authenticator, Microsoft
        Authenticator or 1Password.
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
          borderRadius: 1,
        }}
      />
      <Typography variant="body2" color="text.secondary">
        Can&apos;t scan it? Enter this setup key in the app instead:
      </Typography>
      <Typography
        component="code"
        aria-label="Setup key"
        sx={{
          fontFamily: 'monospace',
          fontSize: '1rem',
          letterSpacing: '0.05em',
          wordBreak: 'break-word',
          bgcolor: 'action.hover',
          borderRadius: 1,
          px: 1.5,
          py: 1,
          alignSelf: 'flex-start',
          maxWidth: '100%',
        }}
      >
        {groupedKey(enrolment.secret)}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={submit}>
        <Typography>2. Enter the 6-digit code the app shows.</Typography>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label="6-digit code"
          sx={{ maxWidth: 420 }}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          required
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 } }}
        />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Verifying…' : 'Verify and turn on'}
          </Button>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}
