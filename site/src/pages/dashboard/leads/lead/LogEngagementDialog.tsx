import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { MANUAL_SIGNAL_KINDS, type ManualSignalKind } from '@leadpulse/common';
import { ApiError } from '../../../../api/client';
import { occurredAt, today } from '../../../../features/leads/dates';
import { MANUAL_SIGNAL_LABELS } from '../../../../features/leads/lead-labels';
import { useLeadMutations } from '../../../../features/leads/useLeads';
import { ApiErrorAlert } from '../ApiErrorAlert';

/** Engagement the member saw (on LinkedIn, in person), logged on the lead's timeline. */
export function LogEngagementDialog({
  leadId,
  open,
  onClose,
}: {
  leadId: string;
  open: boolean;
  onClose(): void;
}) {
  const [kind, setKind] = useState<ManualSignalKind>('liked_my_post');
  const [day, setDay] = useState(today);
  const [postUrl, setPostUrl] = useState('');
  const [note, setNote] = useState('');
  const { logSignal } = useLeadMutations();
  const fullScreen = useMediaQuery('(max-width: 599.98px)');
  const errors = logSignal.error instanceof ApiError ? (logSignal.error.body.errors ?? {}) : {};
  const aboutPost = kind === 'liked_my_post' || kind === 'commented_my_post';

  const close = () => {
    logSignal.reset();
    setKind('liked_my_post');
    setDay(today());
    setPostUrl('');
    setNote('');
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    logSignal.mutate(
      {
        id: leadId,
        body: {
          kind,
          occurred_at: occurredAt(day),
          ...(aboutPost && postUrl.trim() ? { post_url: postUrl.trim() } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      },
      { onSuccess: close },
    );
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" fullScreen={fullScreen}>
      <form onSubmit={submit} noValidate>
        <DialogTitle>Log engagement</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <div>
              <FormLabel id="engagement-kind">What happened</FormLabel>
              <RadioGroup
                aria-labelledby="engagement-kind"
                value={kind}
                onChange={(event) => setKind(event.target.value as ManualSignalKind)}
              >
                {MANUAL_SIGNAL_KINDS.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={MANUAL_SIGNAL_LABELS[value]}
                  />
                ))}
              </RadioGroup>
            </div>
            <TextField
              type="date"
              label="When"
              value={day}
              onChange={(event) => setDay(event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today() } }}
              error={Boolean(errors.occurred_at)}
              helperText={errors.occurred_at}
              required
            />
            {aboutPost && (
              <TextField
                label="Post link (optional)"
                placeholder="https://www.linkedin.com/posts/…"
                value={postUrl}
                onChange={(event) => setPostUrl(event.target.value)}
                error={Boolean(errors.post_url)}
                helperText={errors.post_url}
              />
            )}
            <TextField
              label="Note (optional)"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              multiline
              minRows={2}
            />
            {logSignal.isError && !Object.keys(errors).length && (
              <ApiErrorAlert error={logSignal.error} />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={logSignal.isPending || !day}>
            Log engagement
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
