import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogContent,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { MESSAGES } from '@leadpulse/common';
import { ApiError } from '../../api/client';
import { loginErrorMessage } from '../../features/auth/auth-messages';
import { useAuth } from '../../features/auth/AuthProvider';
import { useSiteNavigate } from '../../features/navigation/navigation';
import { MfaCodeForm } from '../MfaCodeForm';
import { ResendConfirmation } from '../ResendConfirmation';
import { DialogHeading } from './DialogHeading';

interface Props {
  open: boolean;
  onClose(): void;
  onSwitch(dialog: 'signup' | 'reset'): void;
}

export function LoginDialog({ open, onClose, onSwitch }: Props) {
  const { signIn, completeSignIn } = useAuth();
  const navigate = useSiteNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  /** The address a login was refused for as unconfirmed: it can ask for a new link. */
  const [unconfirmed, setUnconfirmed] = useState<string>();
  const [busy, setBusy] = useState(false);
  /** Set once the password was right on an account with two-step verification: the code step. */
  const [mfaToken, setMfaToken] = useState<string>();

  /** Leaving the dialog drops its last error and a pending code step, so neither is there on the way back. */
  const leave = (then: () => void) => {
    setError(undefined);
    setUnconfirmed(undefined);
    setMfaToken(undefined);
    then();
  };

  const signedIn = () => {
    leave(onClose);
    navigate('/dashboard');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setUnconfirmed(undefined);
    try {
      const { mfaToken: token } = await signIn(email, password);
      if (token) {
        setPassword('');
        setMfaToken(token);
      } else signedIn();
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
      <DialogHeading id="login-title" onClose={() => leave(onClose)}>
        {mfaToken ? 'Two-step verification' : 'Welcome Back'}
      </DialogHeading>
      <DialogContent>
        {mfaToken ? (
          <MfaCodeForm
            onSubmit={async (step) => {
              await completeSignIn(mfaToken, step);
              signedIn();
            }}
            onExpired={() => {
              setMfaToken(undefined);
              setError(MESSAGES.mfa.invalidToken);
            }}
          />
        ) : (
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
              <Link
                component="button"
                type="button"
                onClick={() => leave(() => onSwitch('signup'))}
              >
                Sign up
              </Link>
            </Typography>
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}
