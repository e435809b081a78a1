import { Alert, Button, Stack, Typography } from '@mui/material';
import type { Lead } from '@leadpulse/common';
import type { ApiError } from '../../../api/client';
import { useLeadMutations } from '../../../features/leads/useLeads';
import { ApiErrorAlert } from './ApiErrorAlert';

/**
 * Track (stage New) or monitor the selected leads; a lead already tracked keeps its stage, and
 * one already monitored is left as it is.
 */
export function BulkActions({ leads, onDone }: { leads: Lead[]; onDone(): void }) {
  const { bulk } = useLeadMutations();
  const untracked = leads.filter((lead) => !lead.stage).map((lead) => lead.id);
  const unmonitored = leads.filter((lead) => !lead.monitored).map((lead) => lead.id);
  const run = (ids: string[], body: { stage: 'new' } | { monitored: true }) =>
    bulk.mutate({ ids, body }, { onSuccess: onDone });
  const done = (bulk.error as (ApiError & { done?: number }) | null)?.done ?? 0;
  return (
    <Stack spacing={1}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{
          alignItems: { sm: 'center' },
          bgcolor: 'action.selected',
          borderRadius: 1,
          px: 1.5,
          py: 1,
        }}
      >
        <Typography sx={{ flex: 1 }}>
          {leads.length} {leads.length === 1 ? 'lead' : 'leads'} selected
        </Typography>
        <Button
          variant="contained"
          size="small"
          disabled={bulk.isPending || untracked.length === 0}
          onClick={() => run(untracked, { stage: 'new' })}
        >
          Track
        </Button>
        <Button
          variant="outlined"
          size="small"
          disabled={bulk.isPending || unmonitored.length === 0}
          onClick={() => run(unmonitored, { monitored: true })}
        >
          Monitor
        </Button>
        <Button size="small" onClick={onDone}>
          Clear selection
        </Button>
      </Stack>
      {bulk.isError && (
        <>
          {done > 0 && <Alert severity="success">{done} done before the plan’s limit.</Alert>}
          <ApiErrorAlert error={bulk.error} />
        </>
      )}
    </Stack>
  );
}
