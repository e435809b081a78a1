import { Box, Paper, Stack, Typography } from '@mui/material';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { Lead, LeadStage } from '@leadpulse/common';
import { STAGE_LABELS } from '../../../features/leads/lead-labels';
import { columnId } from '../../../features/scoring/board';
import { PipelineCard } from './PipelineCard';

interface Props {
  stage: LeadStage;
  leads: Lead[];
  count: number;
}

/** One stage: its count and its cards in order; an empty column still takes a card. */
export function PipelineColumn({ stage, leads, count }: Props) {
  const { setNodeRef, isOver } = useDroppable({ id: columnId(stage) });
  const titleId = `column-${stage}`;
  const more = count - leads.length;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        flex: '0 0 min(250px, 80vw)',
        // A long title is cut on its card rather than widening the column.
        minWidth: 0,
        scrollSnapAlign: 'start',
        p: 1,
        bgcolor: isOver ? 'action.hover' : 'background.default',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'baseline', px: 0.5 }}
      >
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {STAGE_LABELS[stage]}
        </Typography>
        <Typography variant="body2" color="text.secondary" aria-label={`${count} leads`}>
          {count}
        </Typography>
      </Stack>
      <SortableContext
        id={columnId(stage)}
        items={leads.map((lead) => lead.id)}
        strategy={verticalListSortingStrategy}
      >
        <Stack
          ref={setNodeRef}
          component="ol"
          spacing={1}
          aria-labelledby={titleId}
          sx={{ p: 0, m: 0, mt: 1, minHeight: 72, flex: 1 }}
        >
          {leads.map((lead) => (
            <PipelineCard key={lead.id} lead={lead} />
          ))}
          {leads.length === 0 && (
            <Box
              component="li"
              sx={{
                listStyle: 'none',
                border: 1,
                borderStyle: 'dashed',
                borderColor: 'divider',
                borderRadius: 1,
                p: 2,
                textAlign: 'center',
              }}
            >
              <Typography variant="body2" color="text.secondary">
                Drop a lead here
              </Typography>
            </Box>
          )}
        </Stack>
      </SortableContext>
      {more > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, px: 0.5 }}>
          and {more} more
        </Typography>
      )}
    </Paper>
  );
}
