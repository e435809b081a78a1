import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Skeleton,
  Typography,
} from '@mui/material';
import { formatUsd, getPlan, type MemberBilling, type MemberRecord } from '@leadpulse/common';
import { COMING_SOON, LIVE, roadmap } from '@leadpulse/common/roadmap';
import { APP_NAME } from '../../config';
import { useAuth } from '../../features/auth/AuthProvider';
import { displayName, memberApi, planAt } from '../../features/member/member-api';
import { useMember } from '../../features/member/MemberProvider';
import { LeadNewsPanel } from './LeadNewsPanel';

/**
 * A founding member's price and what follows it: the plan they move to after the founding period
 * as Stripe has it scheduled (Prospector, or the plan they changed to), or the plan they are on.
 */
function FoundingNote({ member }: { member: MemberRecord }) {
  const inFoundingPeriod = member.subscription_plan === 'founding_member';
  const [billing, setBilling] = useState<MemberBilling | null>();
  useEffect(() => {
    if (!inFoundingPeriod) return;
    let stale = false;
    memberApi.billing().then(
      (answer) => !stale && setBilling(answer),
      () => !stale && setBilling(null),
    );
    return () => {
      stale = true;
    };
  }, [inFoundingPeriod]);

  const paid = 'As a founding member you paid $50 for your first 3 months';
  if (!inFoundingPeriod) {
    const plan = getPlan(member.subscription_plan);
    return (
      <Typography color="text.secondary">
        {member.subscription_plan
          ? `${paid}; your membership is now on the ${plan.name} plan at ${formatUsd(plan.priceCents)}/month.`
          : `${paid}.`}
      </Typography>
    );
  }
  if (billing === undefined) return <Skeleton width="70%" aria-label="Loading your plan" />;
  const next = billing?.founding_transition;
  const name = next && planAt(next.price_cents);
  return (
    <Typography color="text.secondary">
      {next && name
        ? `${paid}; after that your membership moves automatically to the ${name} plan at ${formatUsd(next.price_cents)}/month.`
        : `${paid}; after that your membership moves automatically to your next plan.`}
    </Typography>
  );
}

/**
 * The member's welcome. Without the member record (it could not be loaded) the greeting still
 * shows, with the sign-up name, and the record can be asked for again.
 */
export function WelcomePage() {
  const { session } = useAuth();
  const { member, loading, reload } = useMember();
  const [retrying, setRetrying] = useState(false);
  if (loading) return <Skeleton variant="rounded" height={160} />;
  const retry = () => {
    setRetrying(true);
    void reload().finally(() => setRetrying(false));
  };
  const name = displayName(member, session?.user.metadata.name, session?.user.email);

  return (
    <>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Welcome to {APP_NAME}, {name}!
        </Typography>
        {member?.founding_member && (
          <Typography color="secondary.dark" sx={{ fontWeight: 600, mt: 1 }}>
            You&apos;re a founding member
          </Typography>
        )}
      </Box>
      {!member && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={retry} disabled={retrying}>
              Retry
            </Button>
          }
        >
          We couldn&apos;t load your account details just now.
        </Alert>
      )}
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/dashboard/imports" color="inherit" size="small">
            Import
          </Button>
        }
      >
        Your lead workspace is ready. Import your LinkedIn export or a CSV to see every lead with
        what happened between you, scored against your ideal customer and ranked for today.
      </Alert>
      <LeadNewsPanel />
      {member?.founding_member && <FoundingNote member={member} />}
      <Typography variant="h5" component="h2">
        What&apos;s Coming
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
        }}
      >
        {roadmap().map((feature) => {
          const content = (
            <CardContent>
              <Chip
                label={feature.eta}
                size="small"
                color={
                  feature.eta === LIVE
                    ? 'success'
                    : feature.eta === COMING_SOON
                      ? 'primary'
                      : 'default'
                }
                sx={{ mb: 1 }}
              />
              <Typography variant="h6" component="h3">
                {feature.title}
              </Typography>
              <Typography color="text.secondary">{feature.description}</Typography>
            </CardContent>
          );
          return (
            <Card key={feature.title} variant="outlined">
              {feature.live ? (
                <CardActionArea component={RouterLink} to={feature.to} sx={{ height: '100%' }}>
                  {content}
                </CardActionArea>
              ) : (
                content
              )}
            </Card>
          );
        })}
      </Box>
    </>
  );
}
