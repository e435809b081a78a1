import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { MESSAGES } from '@leadpulse/common';
import { authApi } from '../../features/auth/auth-api';
import { useSnackbar } from '../../features/snackbar/snackbar';
import { DialogHeading } from './DialogHeading';

interface Props {
  open: boolean;
  onClose(): void;
}

/** Reset Password: form, then a success state with a Close button. */
export function ResetPasswordDialog({ open, onClose }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const close = () => {
    onClose();
    setSent(false);
    setEmail('');
    setError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await authApi.recover(email);
      setSent(true);
      enqueueSnackbar(MESSAGES.reset.sent, { variant: 'success' });
    } catch {
      setError(MESSAGES.reset.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="reset-title">
      <DialogHeading id="reset-title" onClose={sent ? null : close}>
        Reset Password
      </DialogHeading>
      {sent ? (
        <>
          <DialogContent>
            <Typography>
              If an account exists for {email}, we&apos;ve sent a link to reset your password. Check
              your inbox; the link is valid for one hour.
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} variant="contained">
              Close
            </Button>
          </DialogActions>
        </>
      ) : (
        <DialogContent>
          <Stack component="form" spacing={2} sx={{ pt: 1 }} onSubmit={submit}>
            <Typography color="text.secondary">
              Enter your e-mail and we&apos;ll send you a link to choose a new password.
            </Typography>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label="Email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
              autoComplete="email"
              autoFocus
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {busy ? 'Sending…' : 'Send Reset Link'}
            </Button>
          </Stack>
        </DialogContent>
      )}
    </Dialog>
  );
}
