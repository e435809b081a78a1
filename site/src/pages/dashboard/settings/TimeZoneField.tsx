import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';
import { timeZoneChoices, timeZoneLabel } from '../../../features/member/time-zones';

/** The member's time zone, chosen from the IANA list (typing filters it). */
export function TimeZoneField({
  value,
  onChange,
  helperText,
}: {
  value: string;
  onChange: (zone: string) => void;
  helperText?: string;
}) {
  const options = useMemo(() => timeZoneChoices(value), [value]);
  return (
    <Autocomplete
      options={options}
      value={value}
      disableClearable
      onChange={(_event, zone) => onChange(zone)}
      getOptionLabel={timeZoneLabel}
      autoHighlight
      renderInput={(params) => <TextField {...params} label="Time Zone" helperText={helperText} />}
    />
  );
}
