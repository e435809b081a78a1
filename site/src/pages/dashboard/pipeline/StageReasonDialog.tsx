import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import type { LeadStage } from '@leadpulse/common';

interface Props {
  /** The lead's name and the closing stage, while the dialog is open. */
  move: { name: string; stage: LeadStage } | null;
  onConfirm(reason: string | null): void;
  onCancel(): void;
}

/** Won or lost: why, if the member wants to say (it feeds the analytics' reasons). */
export function StageReasonDialog({ move, onConfirm, onCancel }: Props) {
  const [reason, setReason] = useState('');
  const won = move?.stage === 'won';
  const close = (confirm: boolean) => {
    if (confirm) onConfirm(reason.trim() || null);
    else onCancel();
    setReason('');
  };
  return (
    <Dialog open={Boolean(move)} onClose={() => close(false)} fullWidth maxWidth="xs">
      <DialogTitle>{won ? `Won ${move?.name}` : `Lost ${move?.name}`}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {won ? 'What made it work? (optional)' : 'What got in the way? (optional)'}
        </DialogContentText>
        <TextField
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          fullWidth
          autoFocus
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ mt: 2 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => close(false)}>Cancel</Button>
        <Button variant="contained" onClick={() => close(true)}>
          {won ? 'Mark won' : 'Mark lost'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
