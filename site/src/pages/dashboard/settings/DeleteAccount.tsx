import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  TextField,
  Typography,
} from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../api/client';
import { PasswordField } from '../../../components/PasswordField';
import { sessionClient } from '../../../features/auth/session';
import { memberApi } from '../../../features/member/member-api';
import { useSnackbar } from '../../../features/snackbar/snackbar';

export const ACCOUNT_DELETED = 'Your account has been deleted.';

/** "Delete my account", confirmed with the password (and a two-step code when on); then signed out. */
export function DeleteAccount() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // With two-step verification on, a code (or a recovery code) too.
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState(false);

  const start = () => {
    setNeedsCode((sessionClient.session?.user.factors?.length ?? 0) > 0);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setPassword('');
    setCode('');
    setError(undefined);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDeleting(true);
    setError(undefined);
    try {
      await memberApi.deleteAccount(password, needsCode ? code.trim() : undefined);
      sessionClient.signOut();
      enqueueSnackbar(ACCOUNT_DELETED, { variant: 'success' });
      navigate('/', { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'invalid_mfa_code') setNeedsCode(true);
      setError(
        caught instanceof ApiError
          ? caught.message
          : 'Your account could not be deleted. Please try again.',
      );
      setDeleting(false);
    }
  };

  return (
    <Box>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" component="h2">
        Delete my account
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        Cancels any subscription at once and removes your profile. Records of past payments are kept
        without your name, as accounting requires.
      </Typography>
      <Button variant="outlined" color="error" onClick={start}>
        Delete my account
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="delete-title">
        <Box component="form" onSubmit={submit}>
          <DialogTitle id="delete-title">Delete your account?</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              This cannot be undone. You will be signed out everywhere, any subscription ends now
              without a refund for the current period, and your profile, preferences and e-mail
              address are removed.
            </DialogContentText>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            <PasswordField
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
              fullWidth
              autoFocus
            />
            {needsCode && (
              <TextField
                label="Two-step code"
                helperText="From your authenticator app, or one of your recovery codes"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                required
                fullWidth
                autoComplete="one-time-code"
                sx={{ mt: 2 }}
              />
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={close}>Cancel</Button>
            <Button
              type="submit"
              color="error"
              variant="contained"
              disabled={deleting || !password || (needsCode && !code.trim())}
            >
              {deleting ? 'Deleting…' : 'Delete my account'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Box>
  );
}
