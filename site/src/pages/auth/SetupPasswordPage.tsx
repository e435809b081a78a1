import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { isMfaRequired, MESSAGES, PASSWORD_MIN_LENGTH } from '@leadpulse/common';
import { ApiError } from '../../api/client';
import { MfaCodeForm } from '../../components/MfaCodeForm';
import { PasswordField } from '../../components/PasswordField';
import { useAuthDialogs } from '../../components/dialogs/AuthDialogs';
import { authApi } from '../../features/auth/auth-api';
import { useAuth } from '../../features/auth/AuthProvider';
import { isAfterConfirmation, linkToken } from '../../features/auth/link-token';
import { useSnackbar } from '../../features/snackbar/snackbar';

type State = 'checking' | 'invalid' | 'form' | 'updating' | 'code' | 'success';

export const SETUP_SUCCESS_REDIRECT_MS = 2000;

const subscribeToHash = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/**
 * Target of reset and setup e-mails, and opened right after a confirmation that dropped the
 * password chosen at sign-up, to choose one. A link pasted into a tab already on this page
 * changes only the hash, so the page follows the hash and starts over for each new token.
 */
export function SetupPasswordPage() {
  const location = useLocation();
  const [afterConfirmation] = useState(() => isAfterConfirmation(location.state));
  const windowHash = useSyncExternalStore(subscribeToHash, () => window.location.hash);
  const token = linkToken({ hash: windowHash || location.hash, search: location.search });
  return <SetupPassword key={token ?? ''} token={token} afterConfirmation={afterConfirmation} />;
}

/** One link's page: invalid link, form, updating, success. */
function SetupPassword({
  token,
  afterConfirmation,
}: {
  token: string | null;
  afterConfirmation: boolean;
}) {
  const navigate = useNavigate();
  const { acceptSession } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const dialogs = useAuthDialogs();
  const [state, setState] = useState<State>(token ? 'checking' : 'invalid');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string>();
  /** With two-step verification on, the new password signs in only with a code. */
  const [mfaToken, setMfaToken] = useState<string>();

  useEffect(() => {
    if (!token) return;
    authApi
      .checkToken(token)
      .then(({ valid }) => setState(valid ? 'form' : 'invalid'))
      .catch(() => setState('invalid'));
  }, [token]);

  useEffect(() => {
    if (state !== 'success') return;
    const timer = setTimeout(() => navigate('/dashboard'), SETUP_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (password !== confirm) return setError(MESSAGES.setupPassword.mismatch);
    if (password.length < PASSWORD_MIN_LENGTH) return setError(MESSAGES.setupPassword.tooShort());
    setState('updating');
    try {
      const answer = await authApi.resetPassword(token!, password);
      enqueueSnackbar(MESSAGES.setupPassword.success, { variant: 'success' });
      if (isMfaRequired(answer)) {
        setMfaToken(answer.mfa_token);
        return setState('code');
      }
      acceptSession(answer, 'PASSWORD_RECOVERY');
      setState('success');
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'invalid_token') return setState('invalid');
      setError(
        caught instanceof ApiError && caught.code === 'weak_password'
          ? caught.message
          : caught instanceof ApiError && caught.code !== 'network_error'
            ? MESSAGES.setupPassword.failed
            : MESSAGES.setupPassword.unexpected,
      );
      setState('form');
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        bgcolor: 'background.default',
      }}
    >
      <Paper sx={{ p: { xs: 3, sm: 4 }, maxWidth: 440, width: '100%' }}>
        {state === 'checking' && (
          <Stack sx={{ alignItems: 'center' }}>
            <CircularProgress aria-label="Checking your link" />
          </Stack>
        )}
        {state === 'invalid' && (
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              Set your password
            </Typography>
            <Alert severity="error">{MESSAGES.setupPassword.invalidLink}</Alert>
            <Button variant="contained" onClick={() => dialogs.open('reset')}>
              Request a new link
            </Button>
            <Link component={RouterLink} to="/" sx={{ alignSelf: 'center' }}>
              Back to login
            </Link>
          </Stack>
        )}
        {(state === 'form' || state === 'updating') && (
          <Stack component="form" spacing={2} onSubmit={submit}>
            <Typography variant="h5" component="h1">
              {afterConfirmation ? MESSAGES.setupPassword.chooseTitle : 'Set your password'}
            </Typography>
            {afterConfirmation && (
              <Typography color="text.secondary">{MESSAGES.setupPassword.chooseReason}</Typography>
            )}
            {error && <Alert severity="error">{error}</Alert>}
            <PasswordField
              label="New Password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
              autoComplete="new-password"
              autoFocus
              slotProps={{ htmlInput: { minLength: PASSWORD_MIN_LENGTH } }}
            />
            <PasswordField
              label="Confirm Password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              required
              autoComplete="new-password"
              slotProps={{ htmlInput: { minLength: PASSWORD_MIN_LENGTH } }}
            />
            <Button type="submit" variant="contained" size="large" disabled={state === 'updating'}>
              {state === 'updating' ? 'Updating…' : 'Update Password'}
            </Button>
            <Link component={RouterLink} to="/" sx={{ alignSelf: 'center' }}>
              Back to login
            </Link>
          </Stack>
        )}
        {state === 'code' && mfaToken && (
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              Two-step verification
            </Typography>
            <Typography>Your password is set. Enter a code to sign in.</Typography>
            <MfaCodeForm
              onSubmit={async (step) => {
                acceptSession(await authApi.challenge(mfaToken, step), 'PASSWORD_RECOVERY');
                setState('success');
              }}
              onExpired={() => {
                enqueueSnackbar(MESSAGES.mfa.invalidToken, { variant: 'error' });
                navigate('/');
                dialogs.open('login');
              }}
            />
          </Stack>
        )}
        {state === 'success' && (
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <CheckCircle color="success" sx={{ fontSize: 56 }} />
            <Typography variant="h5" component="h1">
              Password Updated
            </Typography>
            <Typography color="text.secondary">
              Your password has been set. Taking you to your dashboard…
            </Typography>
            <Button component={RouterLink} to="/dashboard" variant="contained">
              Go to Dashboard
            </Button>
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
