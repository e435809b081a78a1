import { useId, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { DEFAULT_PROMO_DAYS, promoDuration } from '@leadpulse/common';

/** The Add Promo Code and Grant Complimentary Access forms: type, Duration (days), Notes. */
export function DurationDialog({
  title,
  typeLabel,
  types,
  submitLabel,
  notesPlaceholder,
  open,
  onClose,
  onSubmit,
}: {
  title: string;
  typeLabel: string;
  types: { id: string; name: string }[];
  submitLabel: string;
  notesPlaceholder: string;
  open: boolean;
  onClose: () => void;
  onSubmit: (form: { type: string; duration_days: number; notes: string }) => Promise<boolean>;
}) {
  const [type, setType] = useState('');
  const [days, setDays] = useState(String(DEFAULT_PROMO_DAYS));
  const [notes, setNotes] = useState('');
  const [applying, setApplying] = useState(false);
  const titleId = useId();
  const close = () => {
    setType('');
    setDays(String(DEFAULT_PROMO_DAYS));
    setNotes('');
    onClose();
  };
  const submit = async () => {
    setApplying(true);
    const done = await onSubmit({ type, duration_days: promoDuration(days), notes });
    setApplying(false);
    if (done) close();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={typeLabel}
            value={type}
            onChange={(event) => setType(event.target.value)}
          >
            {types.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Duration (days)"
            type="number"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            slotProps={{ htmlInput: { min: 1 } }}
          />
          <TextField
            label="Notes"
            multiline
            minRows={2}
            placeholder={notesPlaceholder}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" disabled={!type || applying} onClick={() => void submit()}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
