import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useToday, useTodayActions } from '../../../features/scoring/useToday';
import { ApiErrorAlert } from '../leads/ApiErrorAlert';
import { TodayItemCard } from './TodayItemCard';

/** Today: the ten leads most worth a touch, each with why and what to do. */
export function TodayPage() {
  const today = useToday();
  const { done, snooze } = useTodayActions();
  const failed = done.error ?? snooze.error;

  return (
    <>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Today
        </Typography>
        <Typography color="text.secondary">
          The leads most worth a touch today, with why and what to do. Mark one done or snooze it
          and the next one comes in.{' '}
          <Link component={RouterLink} to="/dashboard/icp">
            Edit your ideal customer
          </Link>{' '}
          ·{' '}
          <Link component={RouterLink} to="/dashboard/tasks">
            Your tasks
          </Link>
        </Typography>
      </Box>
      {failed && <ApiErrorAlert error={failed} />}
      {today.isPending ? (
        <Stack spacing={2} aria-label="Loading Today">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={140} />
          ))}
        </Stack>
      ) : today.isError ? (
        <ApiErrorAlert error={today.error} onRetry={() => void today.refetch()} />
      ) : today.data.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2">
            Nothing to do today
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Leads with a signal in the last 30 days show here. Import your latest LinkedIn export or
            log engagement on a lead to fill Today.
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" component={RouterLink} to="/dashboard/imports">
              Import leads
            </Button>
            <Button component={RouterLink} to="/dashboard/leads">
              See all leads
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Stack component="ol" spacing={2} aria-label="Today's leads" sx={{ p: 0, m: 0 }}>
          {today.data.data.map((item) => (
            <TodayItemCard
              key={item.lead.id}
              item={item}
              onDone={() => done.mutate({ id: item.lead.id })}
              onSnooze={(until) => snooze.mutate({ id: item.lead.id, until })}
            />
          ))}
        </Stack>
      )}
    </>
  );
}
