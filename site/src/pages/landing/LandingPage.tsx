import { Suspense } from 'react';
import { AppBar, Box, Button, Stack, Toolbar, Typography } from '@mui/material';
import { useAuthDialogs } from '../../components/dialogs/AuthDialogs';
import { APP_NAME } from '../../config';
import { useAuth } from '../../features/auth/AuthProvider';
import { useCancelledCheckout } from '../../features/founding/useCancelledCheckout';
import { useCheckEmailNotice } from '../../features/founding/useCheckEmailNotice';
import { useLinkClick } from '../../features/navigation/navigation';
import { useScrolledPast } from '../../features/scroll/useScrolledPast';
import { Footer, Hero, OfferAndWaitlist } from './sections';

const scrollToOffer = () =>
  document.getElementById('pricing')?.scrollIntoView({ behavior: 'smooth' });

// Made once: the top bar re-renders (its shadow, the signed-in state) while these may still be
// waiting for their code, and a section given new props then is drawn anew instead of hydrated.
const hero = (
  <Suspense fallback={null}>
    <Hero onClaim={scrollToOffer} />
  </Suspense>
);
const offerAndWaitlist = (
  <Suspense fallback={null}>
    <OfferAndWaitlist />
  </Suspense>
);
const footer = (
  <Suspense fallback={null}>
    <Footer />
  </Suspense>
);

export function LandingPage() {
  const { open } = useAuthDialogs();
  const { status } = useAuth();
  const followDashboardLink = useLinkClick('/dashboard');
  // The top bar gains its shadow once the page scrolls past 100 px.
  const scrolled = useScrolledPast(100);
  useCancelledCheckout();
  useCheckEmailNotice();
  return (
    <>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={scrolled ? 4 : 0}
        sx={{
          borderBottom: 1,
          borderColor: scrolled ? 'transparent' : 'divider',
          transition: 'box-shadow 300ms',
        }}
      >
        <Toolbar component="nav" aria-label="Main">
          <Typography
            variant="h6"
            component="span"
            sx={{ fontWeight: 800, color: 'primary.main', flex: 1 }}
          >
            {APP_NAME}
          </Typography>
          {status === 'authenticated' ? (
            <Button href="/dashboard" onClick={followDashboardLink} variant="contained">
              Dashboard
            </Button>
          ) : (
            <Stack direction="row" spacing={1}>
              <Button onClick={() => open('login')}>Login</Button>
              <Button variant="contained" onClick={() => open('signup')}>
                Sign Up
              </Button>
            </Stack>
          )}
        </Toolbar>
      </AppBar>
      <Box component="main">
        {hero}
        {offerAndWaitlist}
      </Box>
      {footer}
    </>
  );
}
