import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Card,
  CardContent,
  CircularProgress,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import type { AutomationRule } from '@leadpulse/common';
import { useRuleActions, useRules } from '../../../features/automation/useAutomation';
import { actionText, conditionsText, triggerText } from '../../../features/automation/rule-labels';
import { ApiErrorAlert } from '../leads/ApiErrorAlert';

/** The workspace's rules, each with its switch and delete. */
export function RulesList() {
  const rules = useRules();
  const { update, remove } = useRuleActions();
  const [deleting, setDeleting] = useState<AutomationRule | null>(null);
  if (rules.isPending) return <CircularProgress aria-label="Loading rules" />;
  if (rules.isError)
    return <ApiErrorAlert error={rules.error} onRetry={() => void rules.refetch()} />;
  if (rules.data.data.length === 0)
    return <Alert severity="info">No rules yet. Build your first one below.</Alert>;
  return (
    <>
      <Dialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        aria-labelledby="delete-rule-title"
      >
        <DialogTitle id="delete-rule-title">Delete this rule?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            “{deleting?.name}” and the record of its runs will be deleted. Tasks it created stay.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              if (deleting) remove.mutate(deleting.id);
              setDeleting(null);
            }}
          >
            Delete rule
          </Button>
        </DialogActions>
      </Dialog>
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
                      onClick={() => setDeleting(rule)}
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
    </>
  );
}
