import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Menu,
  MenuItem,
  TextField,
} from '@mui/material';
import Snooze from '@mui/icons-material/Snooze';
import { snoozeUntil, tomorrowInput, type SnoozeChoice } from '../../../features/scoring/snooze';

/** Snooze: tomorrow, in a week, or until a date picked in a small dialog. */
export function SnoozeButton({ name, onSnooze }: { name: string; onSnooze(until: string): void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [picking, setPicking] = useState(false);
  const [date, setDate] = useState(tomorrowInput());
  const choose = (choice: SnoozeChoice) => {
    const until = snoozeUntil(choice);
    setAnchor(null);
    if (until) {
      setPicking(false);
      onSnooze(until);
    }
  };
  const valid = snoozeUntil({ date }) !== null;
  return (
    <>
      <Button
        startIcon={<Snooze />}
        aria-haspopup="menu"
        aria-label={`Snooze ${name}`}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Snooze
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose('1d')}>For 1 day</MenuItem>
        <MenuItem onClick={() => choose('1w')}>For 1 week</MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setPicking(true);
          }}
        >
          Until a date…
        </MenuItem>
      </Menu>
      <Dialog open={picking} onClose={() => setPicking(false)}>
        <DialogTitle>Snooze {name} until</DialogTitle>
        <DialogContent>
          <TextField
            type="date"
            label="Date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
            error={!valid}
            helperText={valid ? 'The lead comes back to Today on this day.' : 'Choose a later day.'}
            slotProps={{ htmlInput: { min: tomorrowInput() }, inputLabel: { shrink: true } }}
            sx={{ mt: 1 }}
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPicking(false)}>Cancel</Button>
          <Button variant="contained" disabled={!valid} onClick={() => choose({ date })}>
            Snooze
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
