import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@mui/material';
import ViewKanban from '@mui/icons-material/ViewKanban';
import type { Lead } from '@leadpulse/common';
import { useLeadMutations } from '../../../features/leads/useLeads';
import { useSnackbar } from '../../../features/snackbar/snackbar';
import { ApiError } from '../../../api/client';
import { boardKey } from '../../../features/scoring/useBoard';
import { todayKey } from '../../../features/scoring/useToday';

/** Puts an untracked lead in the pipeline's first column (it then counts as tracked). */
export function AddToPipelineButton({ lead }: { lead: Lead }) {
  const { update } = useLeadMutations();
  const snackbar = useSnackbar();
  const client = useQueryClient();
  if (lead.stage) return null;
  return (
    <Button
      startIcon={<ViewKanban />}
      disabled={update.isPending}
      onClick={() =>
        update.mutate(
          { id: lead.id, body: { stage: 'new' } },
          {
            // Today and the board show the lead's stage too.
            onSuccess: () =>
              Promise.all([
                client.invalidateQueries({ queryKey: todayKey }),
                client.invalidateQueries({ queryKey: boardKey }),
              ]),
            onError: (error) =>
              snackbar.enqueueSnackbar(
                error instanceof ApiError ? error.message : 'We could not add the lead.',
                { variant: 'error' },
              ),
          },
        )
      }
    >
      Add to pipeline
    </Button>
  );
}
