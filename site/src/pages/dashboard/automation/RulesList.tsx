import {
  Alert,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useRuleActions, useRules } from '../../../features/automation/useAutomation';
import { actionText, conditionsText, triggerText } from '../../../features/automation/rule-labels';
import { ApiErrorAlert } from '../leads/ApiErrorAlert';

/** The workspace's rules, each with its switch and delete. */
export function RulesList() {
  const rules = useRules();
  const { update, remove } = useRuleActions();
  if (rules.isPending) return <CircularProgress aria-label="Loading rules" />;
  if (rules.isError)
    return <ApiErrorAlert error={rules.error} onRetry={() => void rules.refetch()} />;
  if (rules.data.data.length === 0)
    return <Alert severity="info">No rules yet. Build your first one below.</Alert>;
  return (
    <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {update.error ? <ApiErrorAlert error={update.error} /> : null}
      {remove.error ? <ApiErrorAlert error={remove.error} /> : null}
      {rules.data.data.map((rule) => {
        const condition = conditionsText(rule);
        return (
          <Card component="li" variant="outlined" key={rule.id}>
            <CardContent>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ justifyContent: 'space-between' }}
              >
                <Typography variant="h6" component="h3">
                  {rule.name}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={rule.enabled}
                        onChange={(e) =>
                          update.mutate({ id: rule.id, body: { enabled: e.target.checked } })
                        }
                        slotProps={{ input: { 'aria-label': `${rule.name} enabled` } }}
                      />
                    }
                    label={rule.enabled ? 'On' : 'Off'}
                  />
                  <Button
                    color="error"
                    onClick={() => {
                      if (window.confirm(`Delete the rule “${rule.name}” and its runs?`))
                        remove.mutate(rule.id);
                    }}
                    aria-label={`Delete ${rule.name}`}
                  >
                    Delete
                  </Button>
                </Stack>
              </Stack>
              <Typography>{triggerText(rule.trigger)}</Typography>
              {condition && <Typography>{condition}</Typography>}
              <Typography>Then {rule.actions.map(actionText).join(', then ')}.</Typography>
              <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
                {rule.runs_count === 0
                  ? 'Not run yet.'
                  : `Ran ${rule.runs_count} time${rule.runs_count === 1 ? '' : 's'}, last on ${new Date(rule.last_run_at!).toLocaleString('en-US')}.`}
              </Typography>
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}
