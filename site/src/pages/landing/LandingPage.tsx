import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { AppBar, Box, Button, Stack, Toolbar, Typography } from '@mui/material';
import { useAuthDialogs } from '../../components/dialogs/AuthDialogs';
import { APP_NAME } from '../../config';
import { useAuth } from '../../features/auth/AuthProvider';
import { useCancelledCheckout } from '../../features/founding/useCancelledCheckout';
import { useScrolledPast } from '../../features/scroll/useScrolledPast';
import { Footer } from './Footer';
import { Hero } from './Hero';
import { PricingSection } from './PricingSection';
import { WaitlistSection } from './WaitlistSection';

export function LandingPage() {
  const { open } = useAuthDialogs();
  const { status } = useAuth();
  // The top bar gains its shadow once the page scrolls past 100 px.
  const scrolled = useScrolledPast(100);
  useCancelledCheckout();
  useScrollToHash();
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
            <Button component={RouterLink} to="/dashboard" variant="contained">
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
        <Hero
          onClaim={() => document.getElementById('pricing')?.scrollIntoView({ behavior: 'smooth' })}
        />
        <PricingSection />
        <WaitlistSection />
      </Box>
      <Footer />
    </>
  );
}

/** A link to a section of the page (`/#pricing`, e.g. a failed checkout's Try Again) lands on it. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}
