import { Link as RouterLink } from 'react-router-dom';
import { Box, Chip, IconButton, Link, Paper, Stack, Tooltip, Typography } from '@mui/material';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Visibility from '@mui/icons-material/Visibility';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Lead } from '@leadpulse/common';
import { leadName } from '../../../features/leads/lead-labels';

/** A lead on the board: its handle moves it (drag, touch, or Space then arrows then Space). */
export function PipelineCard({ lead, overlay = false }: { lead: Lead; overlay?: boolean }) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: lead.id, disabled: overlay });
  const name = leadName(lead);
  const role = [lead.position, lead.company].filter(Boolean).join(' · ');
  return (
    <Paper
      ref={overlay ? undefined : setNodeRef}
      component="li"
      variant="outlined"
      aria-label={name}
      data-lead-id={lead.id}
      style={
        overlay
          ? undefined
          : {
              transform: CSS.Transform.toString(transform),
              transition: transition,
            }
      }
      sx={{
        listStyle: 'none',
        p: 1,
        display: 'flex',
        gap: 0.5,
        alignItems: 'flex-start',
        opacity: isDragging ? 0.4 : 1,
        boxShadow: overlay ? 6 : 0,
        bgcolor: 'background.paper',
      }}
    >
      <IconButton
        size="small"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move ${name}`}
        aria-roledescription="draggable card"
        sx={{ cursor: 'grab', touchAction: 'none', mt: -0.25 }}
      >
        <DragIndicator fontSize="small" />
      </IconButton>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Link
          component={RouterLink}
          to={`/dashboard/leads/${lead.id}`}
          sx={{ fontWeight: 600, wordBreak: 'break-word' }}
        >
          {name}
        </Link>
        {role && (
          <Typography variant="body2" color="text.secondary" noWrap title={role}>
            {role}
          </Typography>
        )}
        {lead.stage_reason && (lead.stage === 'won' || lead.stage === 'lost') && (
          <Typography variant="caption" color="text.secondary" component="p">
            {lead.stage === 'won' ? 'Won' : 'Lost'}: {lead.stage_reason}
          </Typography>
        )}
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap' }}>
          <Chip size="small" variant="outlined" label={`Score ${lead.score}`} />
          {lead.monitored && (
            <Tooltip title="Monitored">
              <Chip size="small" icon={<Visibility />} label="Monitored" color="secondary" />
            </Tooltip>
          )}
        </Stack>
      </Box>
    </Paper>
  );
}
