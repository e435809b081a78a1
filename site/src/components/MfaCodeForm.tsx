import { useState, type FormEvent } from 'react';
import { Alert, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { ApiError } from '../api/client';
import type { SecondStep } from '../features/auth/auth-api';
import { mfaErrorMessage } from '../features/auth/auth-messages';

interface Props {
  /** Spends the code; rejects with the API's error. */
  onSubmit(step: SecondStep): Promise<void>;
  /** The sign-in's token expired or took too many wrong codes: the password is due again. */
  onExpired(): void;
}

/** The second step of a sign-in: a code of the authenticator app, or a recovery code. */
export function MfaCodeForm({ onSubmit, onExpired }: Props) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(
        recovery ? { recovery_code: code.trim() } : { code: code.replace(/\s+/g, '') },
      );
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'invalid_mfa_token') return onExpired();
      setError(mfaErrorMessage(caught));
      setBusy(false);
    }
  };

  const toggle = () => {
    setRecovery(!recovery);
    setCode('');
    setError(undefined);
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit}>
      <Typography color="text.secondary">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-step verification.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <TextField
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        required
        autoFocus
        autoComplete={recovery ? 'off' : 'one-time-code'}
        slotProps={{
          htmlInput: recovery
            ? { maxLength: 40, spellCheck: false, autoCapitalize: 'characters' }
            : { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 },
        }}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? 'Verifying…' : 'Verify'}
      </Button>
      <Link component="button" type="button" onClick={toggle} sx={{ alignSelf: 'center' }}>
        {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
      </Link>
    </Stack>
  );
}
