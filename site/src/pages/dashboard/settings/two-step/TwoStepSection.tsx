import { useState, type FormEvent } from 'react';
import { Alert, Button, Skeleton, Stack, TextField, Typography } from '@mui/material';
import type { TotpEnrollment } from '@leadpulse/common';
import { authApi } from '../../../../features/auth/auth-api';
import { useTwoStepFactors } from '../../../../features/auth/useTwoStep';
import { useSnackbar } from '../../../../features/snackbar/snackbar';
import { codeErrorMessage } from './two-step-text';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpEnrolment } from './TotpEnrolment';

type Stage =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrolment: TotpEnrollment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disabling' };

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Settings → Security → Two-step verification: turn it on (QR code, first code, recovery codes) or off. */
export function TwoStepSection() {
  const { factors, failed, reload } = useTwoStepFactors();
  const { enqueueSnackbar } = useSnackbar();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const factor = factors?.[0];

  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      setStage({ kind: 'enrolling', enrolment: await authApi.enrollTotp() });
    } catch (caught) {
      setError(codeErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    if (!factor) return;
    setBusy(true);
    setError(undefined);
    try {
      await authApi.removeFactor(factor.id, code.trim());
      await reload();
      setStage({ kind: 'idle' });
      setCode('');
      enqueueSnackbar('Two-step verification is off.', { variant: 'success' });
    } catch (caught) {
      setError(codeErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    setStage({ kind: 'idle' });
    setCode('');
    setError(undefined);
  };

  return (
    <Stack component="section" spacing={2} aria-labelledby="two-step-title" sx={{ maxWidth: 520 }}>
      <Typography id="two-step-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Two-step verification
      </Typography>
      {failed && !factors && (
        <Alert severity="error">We could not load your two-step verification settings.</Alert>
      )}
      {!failed && !factors && <Skeleton variant="rounded" height={72} />}
      {stage.kind === 'enrolling' && (
        <TotpEnrolment
          enrolment={stage.enrolment}
          onVerified={(codes) => setStage({ kind: 'codes', codes })}
          onCancel={cancel}
        />
      )}
      {stage.kind === 'codes' && (
        <RecoveryCodes
          codes={stage.codes}
          onDone={() => {
            setStage({ kind: 'idle' });
            void reload();
          }}
        />
      )}
      {stage.kind !== 'enrolling' && stage.kind !== 'codes' && factors && !factor && (
        <>
          <Typography color="text.secondary">
            Protect your account with a code from an authenticator app on your phone, asked for
            after your password each time you sign in.
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <Button
            variant="contained"
            onClick={() => void start()}
            disabled={busy}
            sx={{ alignSelf: 'flex-start' }}
          >
            {busy ? 'Starting…' : 'Turn on two-step verification'}
          </Button>
        </>
      )}
      {stage.kind !== 'enrolling' && stage.kind !== 'codes' && factor && (
        <>
          <Alert severity="success">
            On since {dateText(factor.created_at)}. Signing in asks for a code from your
            authenticator app.
          </Alert>
          {stage.kind === 'disabling' ? (
            <Stack component="form" spacing={2} onSubmit={turnOff}>
              <Typography>
                Enter a code from your authenticator app, or one of your recovery codes, to turn off
                two-step verification.
              </Typography>
              {error && <Alert severity="error">{error}</Alert>}
              <TextField
                label="Code or recovery code"
                sx={{ maxWidth: 420 }}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                required
                autoFocus
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { maxLength: 40, spellCheck: false } }}
              />
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                <Button type="submit" variant="contained" color="error" disabled={busy}>
                  {busy ? 'Turning off…' : 'Turn off'}
                </Button>
                <Button onClick={cancel} disabled={busy}>
                  Cancel
                </Button>
              </Stack>
            </Stack>
          ) : (
            <Button
              variant="outlined"
              color="error"
              onClick={() => setStage({ kind: 'disabling' })}
              sx={{ alignSelf: 'flex-start' }}
            >
              Turn off two-step verification
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
