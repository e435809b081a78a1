import { useState, type FormEvent } from 'react';
import { Button, Stack, Tab, Tabs, TextField } from '@mui/material';
import { ApiError } from '../../../../api/client';
import { useLeadMutations } from '../../../../features/leads/useLeads';
import { ApiErrorAlert } from '../ApiErrorAlert';

/** Adds a note or a task (with an optional due date) to the lead. */
export function NoteTaskForm({ leadId }: { leadId: string }) {
  const [tab, setTab] = useState<'note' | 'task'>('note');
  const [body, setBody] = useState('');
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('');
  const { addNote, addTask } = useLeadMutations();
  const active = tab === 'note' ? addNote : addTask;
  const errors = active.error instanceof ApiError ? (active.error.body.errors ?? {}) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tab === 'note')
      addNote.mutate({ id: leadId, body: { body: body.trim() } }, { onSuccess: () => setBody('') });
    else
      addTask.mutate(
        {
          id: leadId,
          body: {
            title: title.trim(),
            due_at: due ? new Date(`${due}T09:00:00`).toISOString() : null,
          },
        },
        {
          onSuccess: () => {
            setTitle('');
            setDue('');
          },
        },
      );
  };

  return (
    <Stack component="form" onSubmit={submit} spacing={1.5} noValidate>
      <Tabs
        value={tab}
        onChange={(_event, value: 'note' | 'task') => setTab(value)}
        aria-label="Add to the timeline"
      >
        <Tab value="note" label="Note" />
        <Tab value="task" label="Task" />
      </Tabs>
      {tab === 'note' ? (
        <TextField
          label="Note"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          multiline
          minRows={2}
          error={Boolean(errors.body)}
          helperText={errors.body}
        />
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            label="Task"
            placeholder="Follow up about the demo"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={Boolean(errors.title)}
            helperText={errors.title}
            sx={{ flex: 1 }}
          />
          <TextField
            type="date"
            label="Due"
            value={due}
            onChange={(event) => setDue(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      )}
      {active.isError && !Object.keys(errors).length && <ApiErrorAlert error={active.error} />}
      <Stack direction="row">
        <Button
          type="submit"
          variant="outlined"
          disabled={active.isPending || !(tab === 'note' ? body.trim() : title.trim())}
        >
          {tab === 'note' ? 'Add note' : 'Add task'}
        </Button>
      </Stack>
    </Stack>
  );
}
