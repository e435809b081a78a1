import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { ApiError } from '../../api/client';
import { loginErrorMessage } from '../../features/auth/auth-messages';
import { useAuth } from '../../features/auth/AuthProvider';
import { useSiteNavigate } from '../../features/navigation/navigation';
import { ResendConfirmation } from '../ResendConfirmation';

interface Props {
  open: boolean;
  onClose(): void;
  onSwitch(dialog: 'signup' | 'reset'): void;
}

export function LoginDialog({ open, onClose, onSwitch }: Props) {
  const { signIn } = useAuth();
  const navigate = useSiteNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  /** The address a login was refused for as unconfirmed: it can ask for a new link. */
  const [unconfirmed, setUnconfirmed] = useState<string>();
  const [busy, setBusy] = useState(false);

  /** Leaving the dialog drops its last error, so it is not there on the way back. */
  const leave = (then: () => void) => {
    setError(undefined);
    setUnconfirmed(undefined);
    then();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setUnconfirmed(undefined);
    try {
      await signIn(email, password);
      leave(onClose);
      navigate('/dashboard');
    } catch (caught) {
      setError(loginErrorMessage(caught));
      if (caught instanceof ApiError && caught.code === 'email_not_confirmed')
        setUnconfirmed(email.trim());
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => leave(onClose)}
      fullWidth
      maxWidth="xs"
      aria-labelledby="login-title"
    >
      <DialogTitle id="login-title">Welcome Back</DialogTitle>
      <DialogContent>
        <Stack component="form" spacing={2} sx={{ pt: 1 }} onSubmit={submit} noValidate={false}>
          {error && <Alert severity="error">{error}</Alert>}
          {unconfirmed && <ResendConfirmation key={unconfirmed} email={unconfirmed} />}
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            autoComplete="email"
            autoFocus
          />
          <TextField
            label="Password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            autoComplete="current-password"
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign In'}
          </Button>
          <Link
            component="button"
            type="button"
            onClick={() => leave(() => onSwitch('reset'))}
            sx={{ alignSelf: 'center' }}
          >
            Forgot your password?
          </Link>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Don&apos;t have an account?{' '}
            <Link component="button" type="button" onClick={() => leave(() => onSwitch('signup'))}>
              Sign up
            </Link>
          </Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
