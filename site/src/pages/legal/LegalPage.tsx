import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Container, Link, Stack, Typography } from '@mui/material';
import { SITE_ROUTES } from '@leadpulse/common';
import { APP_NAME } from '../../config';

/** The date the texts below last changed in substance; a member is told of a change by e-mail. */
export const LEGAL_UPDATED = 'November 28, 2026';

/** A legal text: the product's name back home, the title, its date, and its sections. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', py: 2 }}>
        <Container maxWidth="md">
          <Link
            component={RouterLink}
            to={SITE_ROUTES.landing}
            underline="none"
            sx={{ fontWeight: 800, fontSize: 20 }}
          >
            {APP_NAME}
          </Link>
        </Container>
      </Box>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <Typography
          variant="h3"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: 32, md: 44 } }}
        >
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
          Last updated {LEGAL_UPDATED}
        </Typography>
        <Stack spacing={4}>{children}</Stack>
        <Stack direction="row" spacing={3} component="nav" aria-label="Legal" sx={{ mt: 6 }}>
          <Link component={RouterLink} to={SITE_ROUTES.terms}>
            Terms of Service
          </Link>
          <Link component={RouterLink} to={SITE_ROUTES.privacy}>
            Privacy Policy
          </Link>
          <Link component={RouterLink} to={SITE_ROUTES.landing}>
            Back to home
          </Link>
        </Stack>
      </Container>
    </>
  );
}

/** One numbered part of a legal text. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={1.5} sx={{ '& ul': { my: 0, pl: 3 }, '& li': { mb: 0.75 } }}>
        {children}
      </Stack>
    </Box>
  );
}

export function P({ children }: { children: ReactNode }) {
  return <Typography component="p">{children}</Typography>;
}

export function Points({ children }: { children: ReactNode }) {
  return (
    <Typography component="ul" sx={{ m: 0 }}>
      {children}
    </Typography>
  );
}
