import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Box,
  Button,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Star from '@mui/icons-material/Star';
import confetti from 'canvas-confetti';
import { PLANS } from '@leadpulse/common';
import { foundingApi } from '../../features/founding/founding-api';

export const CONFETTI_DELAY_MS = 500;

// On the page's thread: the library's default worker comes from a blob: URL, which the CSP refuses.
const fireConfetti = confetti.create(undefined, { resize: true, useWorker: false });

/** After a successful payment: the session id, confetti, the benefits, and what to do next. */
export function FoundingSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const [email, setEmail] = useState<string | null>(null);

  useEffect(() => {
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const timer = setTimeout(() => {
      if (!reducedMotion) void fireConfetti({ particleCount: 160, spread: 80, origin: { y: 0.6 } });
    }, CONFETTI_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!sessionId) return;
    foundingApi.session(sessionId).then(
      (session) => setEmail(session.email),
      () => undefined,
    );
  }, [sessionId]);

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 2, py: 6 }}
    >
      <Paper sx={{ p: { xs: 3, md: 5 }, maxWidth: 560, width: '100%', textAlign: 'center' }}>
        <CheckCircle color="success" sx={{ fontSize: 64, mb: 1 }} />
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
          Welcome, Founding Member!
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Your payment went through.{' '}
          {email ? `We've sent the next steps to ${email}.` : "We've e-mailed you the next steps."}{' '}
          Check your inbox to set your password.
        </Typography>
        <List sx={{ textAlign: 'left', mb: 2 }} aria-label="Your benefits">
          {PLANS.founding_member.features.map((benefit) => (
            <ListItem key={benefit} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Star color="secondary" />
              </ListItemIcon>
              <ListItemText primary={benefit} />
            </ListItem>
          ))}
        </List>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'center', mb: 3 }}
        >
          <Button variant="outlined" href="mailto:">
            Check Email
          </Button>
          <Button variant="contained" component={RouterLink} to="/dashboard">
            Go to Dashboard
          </Button>
        </Stack>
        {sessionId && (
          <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            Session ID: {sessionId}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
