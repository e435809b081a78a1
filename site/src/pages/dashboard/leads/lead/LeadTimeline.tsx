import {
  Box,
  Checkbox,
  IconButton,
  Link,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import NoteAlt from '@mui/icons-material/NoteAlt';
import TaskAlt from '@mui/icons-material/TaskAlt';
import Bolt from '@mui/icons-material/Bolt';
import ViewKanban from '@mui/icons-material/ViewKanban';
import type { TimelineEntry } from '@leadpulse/common';
import {
  SIGNAL_LABELS,
  STAGE_LABELS,
  detailLines,
  formatDate,
  formatDateTime,
  signalSourceLabel,
} from '../../../../features/leads/lead-labels';
import { useLeadMutations, useTimeline } from '../../../../features/leads/useLeads';
import { ApiErrorAlert } from '../ApiErrorAlert';

function Entry({ leadId, entry }: { leadId: string; entry: TimelineEntry }) {
  const { removeNote, updateTask } = useLeadMutations();
  if (entry.type === 'signal') {
    const { signal } = entry;
    const { lines, links } = detailLines(signal.detail);
    return (
      <Row icon={<Bolt color="primary" />} at={formatDateTime(signal.occurred_at)}>
        <Typography sx={{ fontWeight: 600 }}>
          {SIGNAL_LABELS[signal.kind] ?? signal.kind}
        </Typography>
        {lines.map((line) => (
          <Typography
            key={line.label}
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          >
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {line.label}:
            </Box>{' '}
            {line.text}
          </Typography>
        ))}
        {links.map((link) => (
          <Link
            key={link.href}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
          >
            {link.label}
          </Link>
        ))}
        <Typography variant="caption" color="text.secondary">
          {signalSourceLabel(signal.source)}
        </Typography>
      </Row>
    );
  }
  if (entry.type === 'stage') {
    const { stage_change: change } = entry;
    return (
      <Row icon={<ViewKanban color="action" />} at={formatDateTime(change.at)}>
        <Typography sx={{ fontWeight: 600 }}>
          {change.to
            ? `Moved to ${STAGE_LABELS[change.to]}${change.from ? ` from ${STAGE_LABELS[change.from]}` : ''}`
            : 'Left the pipeline'}
        </Typography>
        {change.reason && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              Reason:
            </Box>{' '}
            {change.reason}
          </Typography>
        )}
      </Row>
    );
  }
  if (entry.type === 'note')
    return (
      <Row
        icon={<NoteAlt color="action" />}
        at={formatDateTime(entry.note.created_at)}
        action={
          <Tooltip title="Delete note">
            <IconButton
              aria-label="Delete note"
              size="small"
              disabled={removeNote.isPending}
              onClick={() => removeNote.mutate({ id: leadId, noteId: entry.note.id })}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        }
      >
        <Typography sx={{ fontWeight: 600 }}>Note</Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {entry.note.body}
        </Typography>
      </Row>
    );
  const { task } = entry;
  const overdue = !task.done_at && task.due_at && new Date(task.due_at) < new Date();
  return (
    <Row
      icon={<TaskAlt color={task.done_at ? 'success' : 'action'} />}
      at={formatDateTime(task.created_at)}
      action={
        <Checkbox
          checked={Boolean(task.done_at)}
          disabled={updateTask.isPending}
          onChange={(event) =>
            updateTask.mutate({ leadId, taskId: task.id, body: { done: event.target.checked } })
          }
          slotProps={{ input: { 'aria-label': `Done: ${task.title}` } }}
        />
      }
    >
      <Typography
        sx={{ fontWeight: 600, textDecoration: task.done_at ? 'line-through' : undefined }}
      >
        Task: {task.title}
      </Typography>
      <Typography variant="body2" color={overdue ? 'error.main' : 'text.secondary'}>
        {task.done_at
          ? `Done ${formatDate(task.done_at)}`
          : task.due_at
            ? `${overdue ? 'Overdue since' : 'Due'} ${formatDate(task.due_at)}`
            : 'No due date'}
      </Typography>
    </Row>
  );
}

function entryId(entry: TimelineEntry): string {
  if (entry.type === 'signal') return entry.signal.id;
  if (entry.type === 'note') return entry.note.id;
  if (entry.type === 'stage') return entry.stage_change.id;
  return entry.task.id;
}

function Row({
  icon,
  at,
  action,
  children,
}: {
  icon: React.ReactNode;
  at: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', gap: 1.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ pt: 0.25 }} aria-hidden>
        {icon}
      </Box>
      <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.25}>
        <Typography variant="caption" color="text.secondary">
          {at}
        </Typography>
        {children}
      </Stack>
      {action}
    </Box>
  );
}

/** The lead's signals, notes and tasks, newest first. */
export function LeadTimeline({ leadId }: { leadId: string }) {
  const timeline = useTimeline(leadId);
  if (timeline.isPending)
    return (
      <Stack spacing={1} aria-label="Loading the timeline">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  if (timeline.isError)
    return <ApiErrorAlert error={timeline.error} onRetry={() => void timeline.refetch()} />;
  if (timeline.data.data.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        Nothing yet. Log the engagement you see, or add a note or a task.
      </Typography>
    );
  return (
    <Box component="ol" aria-label="Timeline" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {timeline.data.data.map((entry) => (
        <Entry key={`${entry.type}-${entryId(entry)}`} leadId={leadId} entry={entry} />
      ))}
    </Box>
  );
}
