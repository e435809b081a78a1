import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { Box, Button, Container, Link, Stack, Typography } from '@mui/material';
import { MESSAGES, SITE_ROUTES } from '@leadpulse/common';
import { ApiError } from '../../api/client';
import { PlainTextField } from '../../components/PlainTextField';
import { APP_NAME, supportEmail } from '../../config';
import { useLinkClick } from '../../features/navigation/navigation';
import { newsletterApi, subscribeMessage } from '../../features/newsletter/newsletter-api';

interface FooterLink {
  label: string;
  href: string;
  /** A page of the site, followed without loading the page anew. */
  page?: boolean;
}

/** Only pages that exist: the site has no blog, docs or social accounts to send anyone to. */
const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Pricing', href: '#pricing' },
      { label: 'Join the Waitlist', href: '#waitlist' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', href: SITE_ROUTES.terms, page: true },
      { label: 'Privacy Policy', href: SITE_ROUTES.privacy, page: true },
    ],
  },
];

const never = () => () => undefined;

/**
 * This year. The page takes over HTML rendered at build time, which has the build's year; React
 * renders that year first, so the two agree, and then this one.
 */
function useYear(): number {
  return useSyncExternalStore(
    never,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

/** The footer's newsletter box subscribes for real (the earlier build's did nothing). */
function NewsletterBox() {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<{ ok: boolean; text: string }>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setStatus({ ok: false, text: MESSAGES.validation.emailRequired });
    try {
      const result = await newsletterApi.subscribe(email);
      setStatus({ ok: result.status !== 'bounced', text: subscribeMessage(result) });
      setEmail('');
    } catch (caught) {
      setStatus({
        ok: false,
        text:
          caught instanceof ApiError && caught.code !== 'network_error'
            ? caught.message
            : 'Failed to subscribe. Please try again.',
      });
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Newsletter">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        Stay in the loop
      </Typography>
      <Stack direction="row" spacing={1}>
        <PlainTextField
          size="small"
          type="email"
          label="Your email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="email"
          sx={{ flex: 1, '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
        />
        <Button type="submit" variant="contained">
          Subscribe
        </Button>
      </Stack>
      {status && (
        <Typography
          role="status"
          variant="body2"
          sx={{ mt: 1, color: status.ok ? 'success.light' : 'error.light' }}
        >
          {status.text}
        </Typography>
      )}
    </Box>
  );
}

export function Footer() {
  const year = useYear();
  return (
    <Box component="footer" sx={{ bgcolor: '#0f172a', color: 'grey.300', py: 8 }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr) 1.6fr' },
          }}
        >
          {COLUMNS.map((column) => (
            <Box key={column.title} component="nav" aria-label={column.title}>
              <Typography
                variant="subtitle1"
                component="h3"
                sx={{ fontWeight: 700, color: 'common.white', mb: 1 }}
              >
                {column.title}
              </Typography>
              <Stack spacing={0.5}>
                {column.links.map((link) => (
                  <FooterLinkItem key={link.label} link={link} />
                ))}
              </Stack>
            </Box>
          ))}
          <Box component="nav" aria-label="Support">
            <Typography
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 700, color: 'common.white', mb: 1 }}
            >
              Support
            </Typography>
            <ContactLink />
          </Box>
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <NewsletterBox />
          </Box>
        </Box>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ mt: 6, alignItems: { sm: 'center' }, justifyContent: 'space-between', gap: 2 }}
        >
          <Typography variant="body2">
            © {year} {APP_NAME}. All rights reserved.
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}

function FooterLinkItem({ link }: { link: FooterLink }) {
  const follow = useLinkClick(link.href);
  return (
    <Link
      href={link.href}
      onClick={link.page ? follow : undefined}
      underline="hover"
      color="inherit"
    >
      {link.label}
    </Link>
  );
}

/**
 * The support address is the site's own host's, known only in the browser: the build-time HTML
 * has the words, and the link follows once the page runs.
 */
function ContactLink() {
  const email = useSyncExternalStore(never, supportEmail, () => null);
  return (
    <Link href={email ? `mailto:${email}` : undefined} underline="hover" color="inherit">
      Contact us
    </Link>
  );
}
