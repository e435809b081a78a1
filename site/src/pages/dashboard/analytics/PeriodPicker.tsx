import { useState, type FormEvent } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { analyticsPeriod } from '@leadpulse/common/analytics';
import { CUSTOM, PERIOD_PRESETS } from '../../../features/analytics/period';

interface PeriodPickerProps {
  choice: string;
  from: string;
  to: string;
  onPreset: (value: string) => void;
  onCustom: (from: string, to: string) => void;
}

/**
 * A preset period, or a first and last day of the member's choosing, checked before it is asked
 * for. Keyed on the period by its page, so a new period starts it afresh.
 */
export function PeriodPicker({ choice, from, to, onPreset, onCustom }: PeriodPickerProps) {
  const [custom, setCustom] = useState(choice === CUSTOM);
  const [draft, setDraft] = useState({ from, to });
  const [error, setError] = useState<{ field: 'from' | 'to'; message: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const period = analyticsPeriod(draft);
    if (!period.ok) return setError({ field: period.field, message: period.message });
    setError(null);
    onCustom(period.from, period.to);
  };

  return (
    <Stack
      component="form"
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'flex-start' } }}
      aria-label="Period"
    >
      <TextField
        select
        label="Period"
        size="small"
        value={custom ? CUSTOM : choice}
        onChange={(event) => {
          if (event.target.value === CUSTOM) return setCustom(true);
          setCustom(false);
          setError(null);
          onPreset(event.target.value);
        }}
        sx={{ minWidth: 180 }}
      >
        {PERIOD_PRESETS.map((preset) => (
          <MenuItem key={preset.value} value={preset.value}>
            {preset.label}
          </MenuItem>
        ))}
        <MenuItem value={CUSTOM}>Custom period</MenuItem>
      </TextField>
      {custom && (
        <>
          <TextField
            type="date"
            label="From"
            size="small"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            error={error?.field === 'from'}
            helperText={error?.field === 'from' ? error.message : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            label="To"
            size="small"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            error={error?.field === 'to'}
            helperText={error?.field === 'to' ? error.message : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            type="submit"
            variant="contained"
            sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            Show
          </Button>
        </>
      )}
    </Stack>
  );
}
