import { Alert, Box, Card, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import { APP_NAME } from '../../config';
import { useAuth } from '../../features/auth/AuthProvider';
import { displayName } from '../../features/member/member-api';
import { useMember } from '../../features/member/MemberProvider';

/** The "What's Coming" grid of member-site.md section 2. */
export const COMING_FEATURES = [
  {
    title: 'LinkedIn Profile Monitoring',
    description: 'Follow engagement on the profiles of your target prospects.',
    eta: 'Coming Soon',
  },
  {
    title: 'AI Lead Scoring',
    description: 'Scores 0-100 by your ideal customer profile.',
    eta: 'Coming Soon',
  },
  {
    title: 'Personalized Comment Generation',
    description: 'Gives 5 comments tailored to each post.',
    eta: 'Q3 2024',
  },
  {
    title: 'Dream Lead Tracker',
    description: 'Keep your most wanted prospects in one place.',
    eta: 'Q3 2024',
  },
  {
    title: 'Analytics Dashboard',
    description: 'See what turns engagement into conversations.',
    eta: 'Q4 2024',
  },
  {
    title: 'Automation Engine',
    description: 'Let routine outreach run on its own.',
    eta: 'Q4 2024',
  },
];

export function WelcomePage() {
  const { session } = useAuth();
  const { member, loading, error } = useMember();
  if (loading) return <Skeleton variant="rounded" height={160} />;
  if (error && !member) return <Alert severity="error">{error.message}</Alert>;
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
      <Alert severity="info">
        The first features are on their way. Keep an eye on your inbox: we&apos;ll tell you as soon
        as they&apos;re ready.
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
        {COMING_FEATURES.map((feature) => (
          <Card key={feature.title} variant="outlined">
            <CardContent>
              <Chip
                label={feature.eta}
                size="small"
                color={feature.eta === 'Coming Soon' ? 'primary' : 'default'}
                sx={{ mb: 1 }}
              />
              <Typography variant="h6" component="h3">
                {feature.title}
              </Typography>
              <Typography color="text.secondary">{feature.description}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </>
  );
}
