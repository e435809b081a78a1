import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Container,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import Check from '@mui/icons-material/Check';
import {
  FOUNDING_BENEFIT_DETAILS,
  FOUNDING_COMPARE_AT_CENTS,
  FOUNDING_SPOTS,
  PLANS,
  formatUsd,
  type FoundingAvailability,
} from '@leadpulse/common';
import { foundingApi } from '../../features/founding/founding-api';

const FoundingDialog = lazy(() =>
  import('../../components/dialogs/FoundingDialog').then((module) => ({
    default: module.FoundingDialog,
  })),
);

/** The founding-member offer with the spots left. */
export function PricingSection() {
  // undefined while the count is on its way; null when it could not be had.
  const [availability, setAvailability] = useState<FoundingAvailability | null>();
  const [open, setOpen] = useState(false);
  // The dialog's code loads with the first claim; it then stays, so that closing animates.
  const [claimed, setClaimed] = useState(false);
  const founding = PLANS.founding_member;
  const soldOut = availability?.remaining === 0;

  useEffect(() => {
    foundingApi.availability().then(setAvailability, () => setAvailability(null));
  }, []);

  return (
    <Box
      component="section"
      id="pricing"
      aria-labelledby="pricing-title"
      sx={{ py: { xs: 8, md: 12 }, bgcolor: 'background.paper' }}
    >
      <Container maxWidth="sm">
        <Typography
          id="pricing-title"
          variant="h4"
          component="h2"
          sx={{ fontWeight: 800, textAlign: 'center', mb: 1 }}
        >
          Become a Founding Member
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 4 }}>
          Only {FOUNDING_SPOTS} founding spots, with auto renewal.
        </Typography>
        <Card variant="outlined" sx={{ borderColor: 'secondary.main', borderWidth: 2 }}>
          <CardContent sx={{ p: { xs: 3, md: 4 } }}>
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}
            >
              <Typography variant="h5" component="h3">
                {founding.name}
              </Typography>
              {/* Keeps the count's place, in the build's HTML too: nothing moves as it comes. */}
              {availability === undefined && (
                <Chip
                  aria-hidden
                  label={`${FOUNDING_SPOTS} of ${FOUNDING_SPOTS} spots left`}
                  sx={{ visibility: 'hidden' }}
                />
              )}
              {availability && (
                <Chip
                  color={soldOut ? 'default' : 'secondary'}
                  label={
                    soldOut
                      ? 'Sold out'
                      : `${availability.remaining} of ${availability.total} spots left`
                  }
                />
              )}
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
              <Typography variant="h3" component="p" sx={{ fontWeight: 800 }}>
                {formatUsd(founding.priceCents)}
              </Typography>
              <Typography color="text.secondary">for the first 3 months</Typography>
            </Stack>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Then {formatUsd(PLANS.prospector.priceCents)}/month on Prospector, instead of the
              regular <Box component="s">{formatUsd(FOUNDING_COMPARE_AT_CENTS)}</Box>.
            </Typography>
            <Typography sx={{ mb: 1 }}>
              Your LinkedIn export and your CSVs become leads with their whole history: track them
              by stage, monitor the ones that matter, keep notes and tasks on each.
            </Typography>
            <List dense>
              {founding.features.map((feature) => (
                <ListItem key={feature} disableGutters alignItems="flex-start">
                  <ListItemIcon sx={{ minWidth: 32, mt: 0.75 }}>
                    <Check color="success" fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={feature} secondary={FOUNDING_BENEFIT_DETAILS[feature]} />
                </ListItem>
              ))}
            </List>
            <Button
              variant="contained"
              color="secondary"
              size="large"
              fullWidth
              disabled={soldOut}
              onClick={() => {
                setClaimed(true);
                setOpen(true);
              }}
              sx={{ mt: 2 }}
            >
              {soldOut ? 'Sold out' : 'Claim Your Founding Spot'}
            </Button>
          </CardContent>
        </Card>
      </Container>
      {claimed && (
        <Suspense fallback={null}>
          <FoundingDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
