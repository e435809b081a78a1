import { AppBar, Box, Chip, Container, Toolbar, Typography } from '@mui/material';
import { PLANS, formatUsd } from '@leadpulse/common';
import { APP_NAME } from '../../config';

export function LandingPage() {
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
          <Typography variant="h6" component="span" sx={{ fontWeight: 800, color: 'primary.main' }}>
            {APP_NAME}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ pt: { xs: 12, md: 16 }, pb: 8 }}>
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Chip label="5 Min Setup" color="secondary" sx={{ mb: 3 }} />
          <Typography variant="h1" sx={{ fontSize: { xs: 40, md: 64 }, mb: 2 }}>
            Turn Likes Into Leads
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4 }}>
            See who engages with your prospects&apos; profiles, score them with AI and reach out at
            the right moment.
          </Typography>
          <Typography color="text.secondary">
            Founding members start at {formatUsd(founding.priceCents)} for the first 3 months.
          </Typography>
        </Container>
      </Box>
    </>
  );
}
