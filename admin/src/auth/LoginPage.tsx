import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useLogin } from 'react-admin';
import { LoginError, UNEXPECTED_ERROR, type LoginParams } from '../providers/authProvider';
import { MfaRequiredError } from './two-step';

/**
 * "Admin": sign in to access the admin portal; both fields required; the server's message on
 * failure. With two-step verification on, a code (or a recovery code) follows the password.
 */
export function LoginPage() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [mfaToken, setMfaToken] = useState<string>();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');

  const attempt = async (params: LoginParams) => {
    setBusy(true);
    setError(undefined);
    try {
      await login(params, '/');
    } catch (caught) {
      if (caught instanceof MfaRequiredError) {
        setPassword('');
        setMfaToken(caught.mfaToken);
      } else {
        // An expired or spent sign-in starts again from the password.
        if (caught instanceof LoginError && caught.code === 'invalid_mfa_token')
          setMfaToken(undefined);
        setError((caught as Error)?.message || UNEXPECTED_ERROR);
      }
      setBusy(false);
    }
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    void attempt({ username: email, password });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    void attempt(
      recovery
        ? { mfa_token: mfaToken!, recovery_code: code.trim() }
        : { mfa_token: mfaToken!, code: code.replace(/\s+/g, '') },
    );
  };

  const toggle = () => {
    setRecovery(!recovery);
    setCode('');
    setError(undefined);
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
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent>
          {mfaToken ? (
            <Stack component="form" spacing={2} onSubmit={submitCode}>
              <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
                Admin
              </Typography>
              <Typography variant="h6" component="h2">
                Two-step verification
              </Typography>
              <Typography color="text.secondary">
                {recovery
                  ? 'Enter one of the recovery codes you saved when you set up two-step verification.'
                  : 'Enter the 6-digit code from your authenticator app.'}
              </Typography>
              {error && <Alert severity="error">{error}</Alert>}
              <TextField
                key={recovery ? 'recovery' : 'code'}
                label={recovery ? 'Recovery code' : 'Authentication code'}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                required
                autoFocus
                autoComplete={recovery ? 'off' : 'one-time-code'}
                slotProps={{
                  htmlInput: recovery
                    ? { maxLength: 40, spellCheck: false }
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
          ) : (
            <Stack component="form" spacing={2} onSubmit={submitPassword}>
              <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
                Admin
              </Typography>
              <Typography color="text.secondary">Sign in to access the admin portal</Typography>
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
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
