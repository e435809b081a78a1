import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Box,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassTop from '@mui/icons-material/HourglassTop';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Star from '@mui/icons-material/Star';
import confetti from 'canvas-confetti';
import {
  FOUNDING_BENEFIT_DETAILS,
  MESSAGES,
  PLANS,
  type FoundingCheckoutSession,
} from '@leadpulse/common';
import { supportEmail } from '../../config';
import { useAuth } from '../../features/auth/AuthProvider';
import { foundingApi } from '../../features/founding/founding-api';
import { EmailText } from '../../components/EmailText';
import { webmailFor } from '../../features/founding/webmail';

export const CONFETTI_DELAY_MS = 500;
/** How often a checkout whose payment is not yet confirmed is asked again. */
export const PROCESSING_POLL_MS = 5000;

const TEXT = MESSAGES.foundingSuccess;

// On the page's thread: the library's default worker comes from a blob: URL, which the CSP refuses.
const fireConfetti = confetti.create(undefined, { resize: true, useWorker: false });

type Outcome = 'checking' | 'paid' | 'processing' | 'expired' | 'unknown';

/** What a checkout's state means for the buyer. */
function outcomeOf(state: FoundingCheckoutSession): Outcome {
  if (state.status === 'expired') return 'expired';
  if (state.status === 'complete' && state.payment_status !== 'unpaid') return 'paid';
  return 'processing';
}

/** The checkout's outcome, asked again while the payment is still being processed. */
function useCheckoutOutcome(sessionId: string | null) {
  const [outcome, setOutcome] = useState<Outcome>(sessionId ? 'checking' : 'unknown');
  const [email, setEmail] = useState<string | null>(null);
  const [passwordSet, setPasswordSet] = useState(false);

  useEffect(() => {
    if (!sessionId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = () =>
      foundingApi.session(sessionId).then(
        (state) => {
          if (stopped) return;
          const next = outcomeOf(state);
          setEmail(state.email);
          setPasswordSet(!!state.password_set);
          setOutcome(next);
          if (next === 'processing') timer = setTimeout(ask, PROCESSING_POLL_MS);
        },
        () => !stopped && setOutcome('unknown'),
      );
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId]);

  return { outcome, email, passwordSet };
}

/** Confetti once the payment is known to have gone through, 500 ms after the page shows it. */
function useConfetti(on: boolean) {
  useEffect(() => {
    if (!on) return;
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const timer = setTimeout(() => {
      if (!reducedMotion) void fireConfetti({ particleCount: 160, spread: 80, origin: { y: 0.6 } });
    }, CONFETTI_DELAY_MS);
    return () => clearTimeout(timer);
  }, [on]);
}

/**
 * Where the payment provider sends the buyer back: it says what is true of the checkout (paid,
 * still processing, expired or cancelled, unknown) and offers the next step for each.
 */
export function FoundingSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { outcome, email, passwordSet } = useCheckoutOutcome(sessionId);
  useConfetti(outcome === 'paid');

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 2, py: 6 }}
    >
      <Paper sx={{ p: { xs: 3, md: 5 }, maxWidth: 560, width: '100%', textAlign: 'center' }}>
        {outcome === 'checking' && (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress aria-label={TEXT.checking} />
            <Typography>{TEXT.checking}</Typography>
          </Stack>
        )}
        {outcome === 'paid' && <Paid email={email} passwordSet={passwordSet} />}
        {outcome === 'processing' && (
          <OutcomeCard icon={<HourglassTop color="info" sx={{ fontSize: 64, mb: 1 }} />}>
            <Heading>{TEXT.processingTitle}</Heading>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {TEXT.processing}
            </Typography>
            <CircularProgress size={28} aria-label={TEXT.processingTitle} />
          </OutcomeCard>
        )}
        {outcome === 'expired' && (
          <OutcomeCard icon={<ErrorOutline color="warning" sx={{ fontSize: 64, mb: 1 }} />}>
            <Heading>{TEXT.expiredTitle}</Heading>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {TEXT.expired}
            </Typography>
            <Button variant="contained" component={RouterLink} to="/#pricing">
              {TEXT.tryAgain}
            </Button>
          </OutcomeCard>
        )}
        {outcome === 'unknown' && (
          <OutcomeCard icon={<HelpOutline color="action" sx={{ fontSize: 64, mb: 1 }} />}>
            <Heading>{TEXT.unknownTitle}</Heading>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {TEXT.unknown(supportEmail())}
            </Typography>
            <Button variant="contained" href={`mailto:${supportEmail()}`}>
              {TEXT.contactSupport}
            </Button>
          </OutcomeCard>
        )}
        {sessionId && (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', mt: 3, wordBreak: 'break-all' }}
          >
            Session ID: {sessionId}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}

function OutcomeCard({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <>
      {icon}
      {children}
    </>
  );
}

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
      {children}
    </Typography>
  );
}

/**
 * A paid checkout: the benefits and the next step. A new buyer sets a password from the e-mail
 * first, so the dashboard is offered only to a member who already has one (or is signed in).
 */
function Paid({ email, passwordSet }: { email: string | null; passwordSet: boolean }) {
  const { status } = useAuth();
  const hasAccount = status === 'authenticated' || passwordSet;
  return (
    <>
      <CheckCircle color="success" sx={{ fontSize: 64, mb: 1 }} />
      <Heading>Welcome, Founding Member!</Heading>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        <EmailText
          value={`${TEXT.paid} ${hasAccount ? TEXT.memberActive : TEXT.setPassword(email)}`}
        />
      </Typography>
      <List sx={{ textAlign: 'left', mb: 2 }} aria-label="Your benefits">
        {PLANS.founding_member.features.map((benefit) => (
          <ListItem key={benefit} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <Star color="secondary" />
            </ListItemIcon>
            <ListItemText primary={benefit} secondary={FOUNDING_BENEFIT_DETAILS[benefit]} />
          </ListItem>
        ))}
      </List>
      <NextSteps email={email} />
    </>
  );
}

/**
 * The spec's two buttons. Check Email opens the inbox's webmail when the address belongs to a
 * public mail service; for any other address it says where the e-mail went, since a bare
 * `mailto:` would only open an empty message.
 */
function NextSteps({ email }: { email: string | null }) {
  const [showWhere, setShowWhere] = useState(false);
  const webmail = webmailFor(email);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
        {webmail ? (
          <Button
            variant="outlined"
            href={webmail.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Check Email in ${webmail.name} (opens in a new tab)`}
          >
            Check Email
          </Button>
        ) : (
          <Button
            variant="outlined"
            aria-expanded={showWhere}
            aria-controls="where-the-email-went"
            onClick={() => setShowWhere(true)}
          >
            Check Email
          </Button>
        )}
        <Button variant="contained" component={RouterLink} to="/dashboard">
          Go to Dashboard
        </Button>
      </Stack>
      {!webmail && showWhere && (
        <Typography id="where-the-email-went" role="status" sx={{ mt: 2 }}>
          <EmailText value={TEXT.whereEmailWent(email)} />
        </Typography>
      )}
    </>
  );
}
