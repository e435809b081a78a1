import { useState, useSyncExternalStore, type FormEvent } from 'react';
import {
  Box,
  Button,
  Container,
  IconButton,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import GitHub from '@mui/icons-material/GitHub';
import LinkedIn from '@mui/icons-material/LinkedIn';
import X from '@mui/icons-material/X';
import YouTube from '@mui/icons-material/YouTube';
import { MESSAGES } from '@leadpulse/common';
import { ApiError } from '../../api/client';
import { APP_NAME } from '../../config';
import { newsletterApi, subscribeMessage } from '../../features/newsletter/newsletter-api';

const COLUMNS = [
  { title: 'Product', links: ['Features', 'Pricing', 'Roadmap', 'Changelog'] },
  { title: 'Company', links: ['About', 'Blog', 'Careers', 'Contact'] },
  { title: 'Resources', links: ['Help Center', 'Guides', 'API Docs', 'Community'] },
  { title: 'Legal', links: ['Privacy Policy', 'Terms of Service', 'Cookie Policy', 'GDPR'] },
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
        <TextField
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
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr) 1.6fr' },
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
                  <Link key={link} href="#" underline="hover" color="inherit">
                    {link}
                  </Link>
                ))}
              </Stack>
            </Box>
          ))}
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
          <Stack direction="row">
            {[
              { label: 'LinkedIn', icon: <LinkedIn /> },
              { label: 'X', icon: <X /> },
              { label: 'YouTube', icon: <YouTube /> },
              { label: 'GitHub', icon: <GitHub /> },
            ].map((social) => (
              <IconButton
                key={social.label}
                aria-label={social.label}
                href="#"
                sx={{ color: 'grey.300' }}
              >
                {social.icon}
              </IconButton>
            ))}
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
