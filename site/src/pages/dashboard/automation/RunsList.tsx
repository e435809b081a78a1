import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import type { AutomationRun } from '@leadpulse/common';
import { useRuns } from '../../../features/automation/useAutomation';
import { leadName } from '../../../features/leads/lead-labels';
import { ApiErrorAlert } from '../leads/ApiErrorAlert';

const OUTCOME: Record<
  AutomationRun['outcome'],
  { label: string; color: 'success' | 'warning' | 'error' }
> = {
  done: { label: 'Done', color: 'success' },
  partial: { label: 'Partly done', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
};

/** The latest runs of every rule: the lead, what each action did, and each webhook's answer. */
export function RunsList() {
  const runs = useRuns();
  if (runs.isPending) return <CircularProgress aria-label="Loading runs" />;
  if (runs.isError) return <ApiErrorAlert error={runs.error} onRetry={() => void runs.refetch()} />;
  if (runs.data.data.length === 0)
    return (
      <Alert severity="info">
        No runs yet. A rule runs when its trigger happens: a new signal, a score, a stage move.
      </Alert>
    );
  return (
    <Stack spacing={1.5} component="ul" aria-label="Runs" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {runs.data.data.map((run) => (
        <Card component="li" variant="outlined" key={run.id}>
          <CardContent>
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Typography sx={{ fontWeight: 700 }}>{run.rule.name}</Typography>
              <Typography>on</Typography>
              <Link component={RouterLink} to={`/dashboard/leads/${run.lead.id}`}>
                {leadName(run.lead)}
              </Link>
              <Chip
                size="small"
                label={OUTCOME[run.outcome].label}
                color={OUTCOME[run.outcome].color}
              />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {new Date(run.created_at).toLocaleString('en-US')}
            </Typography>
            <Stack component="ul" sx={{ pl: 2, my: 1 }}>
              {run.actions.map((action, index) => (
                <Typography component="li" variant="body2" key={index}>
                  {action.detail} ({action.status})
                </Typography>
              ))}
              {run.webhooks.map((hook) => (
                <Typography component="li" variant="body2" key={hook.id}>
                  Webhook {hook.status}
                  {hook.response_status !== null ? `: answered ${hook.response_status}` : ''}
                  {hook.attempts > 0
                    ? ` after ${hook.attempts} attempt${hook.attempts === 1 ? '' : 's'}`
                    : ''}
                  {hook.error ? ` (${hook.error})` : ''}
                </Typography>
              ))}
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
