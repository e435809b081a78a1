import { useState } from 'react';
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
import { COMING_SOON, LIVE, roadmap } from '@leadpulse/common';
import { APP_NAME } from '../../config';
import { useAuth } from '../../features/auth/AuthProvider';
import { displayName } from '../../features/member/member-api';
import { useMember } from '../../features/member/MemberProvider';

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
        Your lead workspace is ready. Import your LinkedIn export or a CSV, and see every lead with
        what happened between you. More features are on their way: we&apos;ll tell you by e-mail.
      </Alert>
      {member?.founding_member && (
        <Typography color="text.secondary">
          As a founding member you paid $50 for your first 3 months; after that your membership
          moves automatically to the Prospector plan at $75/month.
        </Typography>
      )}
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
