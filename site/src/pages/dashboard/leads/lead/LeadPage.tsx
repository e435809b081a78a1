import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Bolt from '@mui/icons-material/Bolt';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import { ApiError } from '../../../../api/client';
import { STAGE_LABELS, leadName } from '../../../../features/leads/lead-labels';
import { useLead, useLeadMutations } from '../../../../features/leads/useLeads';
import { ApiErrorAlert } from '../ApiErrorAlert';
import { EditLeadDialog } from './EditLeadDialog';
import { LeadDetails } from './LeadDetails';
import { LeadTimeline } from './LeadTimeline';
import { LogEngagementDialog } from './LogEngagementDialog';
import { NoteTaskForm } from './NoteTaskForm';
import { AddToPipelineButton } from '../../scoring/AddToPipelineButton';
import { ScoreWhy } from '../../scoring/ScoreWhy';

/** One lead: its fields, stage and monitoring, and the timeline of what happened, newest first. */
export function LeadPage() {
  const { id = '' } = useParams();
  const lead = useLead(id);
  const { remove } = useLeadMutations();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'edit' | 'log' | 'delete' | null>(null);
  const back = (
    <Button
      component={RouterLink}
      to="/dashboard/leads"
      startIcon={<ArrowBack />}
      sx={{ alignSelf: 'flex-start' }}
    >
      All leads
    </Button>
  );

  if (lead.isPending)
    return (
      <>
        {back}
        <Skeleton variant="rounded" height={64} />
        <Skeleton variant="rounded" height={240} />
      </>
    );
  if (lead.isError)
    return (
      <>
        {back}
        {lead.error instanceof ApiError && lead.error.status === 404 ? (
          <Alert severity="info">We could not find that lead. It may have been deleted.</Alert>
        ) : (
          <ApiErrorAlert error={lead.error} onRetry={() => void lead.refetch()} />
        )}
      </>
    );

  const data = lead.data;
  const role = [data.position, data.company].filter(Boolean).join(' at ');
  return (
    <>
      {back}
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, wordBreak: 'break-word' }}>
            {leadName(data)}
          </Typography>
          {role && <Typography color="text.secondary">{role}</Typography>}
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={data.stage ? 'primary' : 'default'}
              label={data.stage ? STAGE_LABELS[data.stage] : 'Not tracked'}
            />
            {data.monitored && <Chip size="small" label="Monitored" />}
            <Chip size="small" variant="outlined" label={`Score ${data.score}`} />
          </Stack>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<Bolt />} onClick={() => setDialog('log')}>
            Log engagement
          </Button>
          <Button
            component={RouterLink}
            to={`/dashboard/comments?lead=${encodeURIComponent(data.id)}`}
            startIcon={<ChatBubbleOutline />}
          >
            Draft comments
          </Button>
          <AddToPipelineButton lead={data} />
          <Button startIcon={<Edit />} onClick={() => setDialog('edit')}>
            Edit
          </Button>
          <Button color="error" startIcon={<DeleteOutline />} onClick={() => setDialog('delete')}>
            Delete
          </Button>
        </Stack>
      </Stack>
      <ScoreWhy lead={data} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: '2fr 3fr' },
          alignItems: 'start',
        }}
      >
        <Paper
          variant="outlined"
          component="section"
          aria-label="Details"
          sx={{ p: { xs: 2, md: 3 } }}
        >
          <LeadDetails lead={data} />
        </Paper>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="timeline-title"
          sx={{ p: { xs: 2, md: 3 } }}
        >
          <Typography id="timeline-title" variant="h6" component="h2">
            Timeline
          </Typography>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <NoteTaskForm leadId={data.id} />
            <LeadTimeline leadId={data.id} />
          </Stack>
        </Paper>
      </Box>
      <EditLeadDialog
        key={data.updated_at}
        lead={data}
        open={dialog === 'edit'}
        onClose={() => setDialog(null)}
      />
      <LogEngagementDialog
        leadId={data.id}
        open={dialog === 'log'}
        onClose={() => setDialog(null)}
      />
      <Dialog open={dialog === 'delete'} onClose={() => setDialog(null)}>
        <DialogTitle>Delete {leadName(data)}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The lead, its timeline, notes and tasks are deleted for good. A later import may add the
            person again.
          </DialogContentText>
          {remove.isError && <ApiErrorAlert error={remove.error} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)} autoFocus>
            Cancel
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(data.id, {
                onSuccess: () => navigate('/dashboard/leads', { replace: true }),
              })
            }
          >
            Delete lead
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
