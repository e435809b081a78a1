import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Button, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { MESSAGES, type LinkResult } from '@leadpulse/common';
import { ApiError } from '../../api/client';
import { LinkFailed, LinkPage, LinkWorking } from '../../components/LinkPage';
import { linkToken } from '../../features/auth/link-token';
import { newsletterApi } from '../../features/newsletter/newsletter-api';

interface LinkPageProps {
  title: string;
  working: string;
  act: (token: string) => Promise<LinkResult>;
  done: (result: LinkResult) => { heading: string; text: string };
}

/** An e-mailed newsletter link: acts once on arrival, without signing in, then says what it did. */
function NewsletterLinkPage({ title, working, act, done }: LinkPageProps) {
  const location = useLocation();
  const [token] = useState(() => linkToken(location));
  const [result, setResult] = useState<LinkResult>();
  const [error, setError] = useState<string | undefined>(
    token ? undefined : MESSAGES.newsletter.invalidLink,
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    act(token)
      .then(setResult)
      .catch((caught) =>
        setError(
          caught instanceof ApiError && caught.code !== 'network_error'
            ? caught.message
            : 'Something went wrong. Please try the link again.',
        ),
      );
  }, [token, act]);

  const outcome = result && done(result);
  return (
    <LinkPage>
      {error ? (
        <LinkFailed title={title} error={error} />
      ) : outcome ? (
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <CheckCircle color="success" sx={{ fontSize: 48 }} />
          <Typography variant="h5" component="h1">
            {outcome.heading}
          </Typography>
          <Typography color="text.secondary">{outcome.text}</Typography>
          <Button component={RouterLink} to="/" variant="contained">
            Back to home
          </Button>
        </Stack>
      ) : (
        <LinkWorking label={working} />
      )}
    </LinkPage>
  );
}

/** `/newsletter/confirm#token=…`: the double opt-in's confirmation link. */
export function NewsletterConfirmPage() {
  return (
    <NewsletterLinkPage
      title="Confirm your subscription"
      working="Confirming your subscription…"
      act={newsletterApi.confirm}
      done={({ email }) => ({
        heading: "You're subscribed!",
        text: `Thanks for confirming. We'll write to ${email} with early access news and new features.`,
      })}
    />
  );
}

/** `/unsubscribe#token=…`: the link at the foot of every e-mail. */
export function UnsubscribePage() {
  return (
    <NewsletterLinkPage
      title="Unsubscribe"
      working="Unsubscribing…"
      act={newsletterApi.unsubscribe}
      done={({ email }) => ({
        heading: "You're unsubscribed",
        text: `${email} will no longer receive our news. E-mails about your account, such as password resets and receipts, still arrive.`,
      })}
    />
  );
}
