import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import type { Usage, UsageLimitName } from '@leadpulse/common';
import { formatDate } from '../../../features/leads/lead-labels';
import { usageText } from '../../../features/leads/usage-text';
import { useUsage } from '../../../features/leads/useLeads';
import { ApiErrorAlert } from '../leads/ApiErrorAlert';

const LIMITS: { name: UsageLimitName; label: string }[] = [
  { name: 'profiles_tracked', label: 'Tracked leads' },
  { name: 'profiles_monitored', label: 'Monitored leads' },
  { name: 'ai_credits', label: 'AI credits this month' },
];

function Meter({
  label,
  counter,
  note,
}: {
  label: string;
  counter: Usage['profiles_tracked'];
  note?: string;
}) {
  const { used, allowed } = counter;
  const share = allowed ? Math.min(100, Math.round((used / allowed) * 100)) : 0;
  const full = allowed !== null && used >= allowed;
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Typography>{label}</Typography>
        <Typography color={full ? 'warning.dark' : 'text.secondary'} sx={{ whiteSpace: 'nowrap' }}>
          {usageText(counter)}
        </Typography>
      </Stack>
      {allowed !== null && (
        <LinearProgress
          variant="determinate"
          value={share}
          color={full ? 'warning' : 'primary'}
          aria-label={`${label}: ${usageText(counter)}`}
          sx={{ height: 6, borderRadius: 3, mt: 0.5 }}
        />
      )}
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </Box>
  );
}

/** The plan's limits with what is used of each (GET /api/me/usage). */
export function UsageSection() {
  const usage = useUsage();
  const full =
    usage.data &&
    LIMITS.some(({ name }) => {
      const { used, allowed } = usage.data[name];
      return allowed !== null && used >= allowed;
    });
  return (
    <Stack component="section" aria-labelledby="usage-title" spacing={1.5}>
      <Typography id="usage-title" variant="h6" component="h3">
        Usage
      </Typography>
      {usage.isPending && <Skeleton variant="rounded" height={120} />}
      {usage.isError && <ApiErrorAlert error={usage.error} onRetry={() => void usage.refetch()} />}
      {usage.data &&
        LIMITS.map(({ name, label }) => (
          <Meter
            key={name}
            label={label}
            counter={usage.data[name]}
            note={
              name === 'ai_credits'
                ? `Resets on ${formatDate(usage.data.ai_credits.resets_at)}.`
                : undefined
            }
          />
        ))}
      {usage.data && (
        <Typography variant="body2" color="text.secondary">
          Leads and imports are not limited.{' '}
          {full ? 'You have reached a limit: a larger plan below gives you more.' : ''}{' '}
          <Link component={RouterLink} to="/dashboard/leads">
            See your leads
          </Link>
        </Typography>
      )}
    </Stack>
  );
}
