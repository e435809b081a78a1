import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
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
import { loginErrorMessage } from '../../features/auth/auth-messages';
import { useAuth } from '../../features/auth/AuthProvider';

interface Props {
  open: boolean;
  onClose(): void;
  onSwitch(dialog: 'signup' | 'reset'): void;
}

export function LoginDialog({ open, onClose, onSwitch }: Props) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await signIn(email, password);
      onClose();
      navigate('/dashboard');
    } catch (caught) {
      setError(loginErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="login-title">
      <DialogTitle id="login-title">Welcome Back</DialogTitle>
      <DialogContent>
        <Stack component="form" spacing={2} sx={{ pt: 1 }} onSubmit={submit} noValidate={false}>
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
            onClick={() => onSwitch('reset')}
            sx={{ alignSelf: 'center' }}
          >
            Forgot your password?
          </Link>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Don&apos;t have an account?{' '}
            <Link component="button" type="button" onClick={() => onSwitch('signup')}>
              Sign up
            </Link>
          </Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
