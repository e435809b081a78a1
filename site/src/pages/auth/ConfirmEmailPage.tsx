import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { MESSAGES } from '@leadpulse/common';
import { ApiError } from '../../api/client';
import { authApi } from '../../features/auth/auth-api';
import { useAuth } from '../../features/auth/AuthProvider';
import { linkToken } from '../../features/auth/link-token';

/** The confirmation link's target: confirms, signs in and goes to the dashboard. */
export function ConfirmEmailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { acceptSession } = useAuth();
  const [token] = useState(() => linkToken(location));
  const [error, setError] = useState<string | undefined>(
    token ? undefined : MESSAGES.session.invalidConfirmationLink,
  );
  const started = useRef(false);

  useEffect(() => {
    // A link works once: confirm it once, even when React runs effects twice in development.
    if (started.current || !token) return;
    started.current = true;
    authApi
      .confirm(token)
      .then((session) => {
        acceptSession(session);
        navigate('/dashboard', { replace: true });
      })
      .catch((caught) =>
        setError(
          caught instanceof ApiError && caught.code === 'invalid_token'
            ? MESSAGES.session.invalidConfirmationLink
            : MESSAGES.login.unexpected,
        ),
      );
  }, [token, navigate, acceptSession]);

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 2 }}>
      <Paper sx={{ p: 4, maxWidth: 440, width: '100%' }}>
        {error ? (
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              Confirm your e-mail
            </Typography>
            <Alert severity="error">{error}</Alert>
            <Button component={RouterLink} to="/" variant="contained">
              Back to home
            </Button>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress aria-label="Confirming" />
            <Typography>Confirming your e-mail…</Typography>
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
