import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Checkbox,
  Link,
  List,
  ListItem,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import type { TaskDueFilter } from '@leadpulse/common';
import { formatDateTime, leadName } from '../../../features/leads/lead-labels';
import { useCompleteTask, useTasks } from '../../../features/scoring/useTasks';
import { ApiErrorAlert } from '../leads/ApiErrorAlert';

const PERIODS: { due: TaskDueFilter; title: string; empty: string }[] = [
  { due: 'overdue', title: 'Overdue', empty: 'Nothing overdue.' },
  { due: 'today', title: 'Today', empty: 'Nothing due today.' },
  {
    due: 'upcoming',
    title: 'Upcoming',
    empty: 'Nothing planned yet. Add a task on a lead’s page.',
  },
];

function Period({ due, title, empty }: (typeof PERIODS)[number]) {
  const tasks = useTasks(due);
  const complete = useCompleteTask();
  const id = `tasks-${due}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography
        id={id}
        variant="h6"
        component="h2"
        color={due === 'overdue' && tasks.data?.count ? 'error.main' : undefined}
      >
        {title}
        {tasks.data ? ` (${tasks.data.count})` : ''}
      </Typography>
      {complete.isError && <ApiErrorAlert error={complete.error} />}
      {tasks.isPending ? (
        <Skeleton variant="rounded" height={56} sx={{ mt: 1 }} />
      ) : tasks.isError ? (
        <ApiErrorAlert error={tasks.error} onRetry={() => void tasks.refetch()} />
      ) : tasks.data.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {empty}
        </Typography>
      ) : (
        <List aria-labelledby={id} disablePadding>
          {tasks.data.data.map((task) => (
            <ListItem
              key={task.id}
              divider
              disableGutters
              sx={{ alignItems: 'flex-start', gap: 1 }}
            >
              <Checkbox
                onChange={() => complete.mutate(task.id)}
                slotProps={{ input: { 'aria-label': `Mark “${task.title}” done` } }}
                sx={{ mt: -0.5 }}
              />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ wordBreak: 'break-word' }}>{task.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  <Link component={RouterLink} to={`/dashboard/leads/${task.lead.id}`}>
                    {leadName(task.lead)}
                  </Link>
                  {task.due_at ? ` · due ${formatDateTime(task.due_at)}` : ''}
                </Typography>
              </Box>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** Tasks on leads that are still open: overdue, due today, and upcoming. */
export function TasksPage() {
  return (
    <>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Tasks
        </Typography>
        <Typography color="text.secondary">
          What you planned to do about your leads. Tick a task when it is done.
        </Typography>
      </Box>
      <Stack spacing={3}>
        {PERIODS.map((period) => (
          <Period key={period.due} {...period} />
        ))}
      </Stack>
    </>
  );
}
