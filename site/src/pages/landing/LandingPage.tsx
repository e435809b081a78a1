import { Link as RouterLink } from 'react-router-dom';
import { AppBar, Box, Button, Chip, Container, Stack, Toolbar, Typography } from '@mui/material';
import { PLANS, formatUsd } from '@leadpulse/common';
import { useAuthDialogs } from '../../components/dialogs/AuthDialogs';
import { APP_NAME } from '../../config';
import { useAuth } from '../../features/auth/AuthProvider';
import { Footer } from './Footer';
import { PricingSection } from './PricingSection';
import { WaitlistSection } from './WaitlistSection';

export function LandingPage() {
  const { open } = useAuthDialogs();
  const { status } = useAuth();
  const founding = PLANS.founding_member;
  return (
    <>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
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
        <Box component="section" sx={{ pt: { xs: 14, md: 18 }, pb: 8 }}>
          <Container maxWidth="md" sx={{ textAlign: 'center' }}>
            <Chip label="5 Min Setup" color="secondary" sx={{ mb: 3 }} />
            <Typography variant="h1" sx={{ fontSize: { xs: 40, md: 64 }, mb: 2 }}>
              Turn Likes Into Leads
            </Typography>
            <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4 }}>
              See who engages with your prospects&apos; profiles, score them with AI and reach out
              at the right moment.
            </Typography>
            <Typography color="text.secondary">
              Founding members start at {formatUsd(founding.priceCents)} for the first 3 months.
            </Typography>
          </Container>
        </Box>
        <PricingSection />
        <WaitlistSection />
      </Box>
      <Footer />
    </>
  );
}
