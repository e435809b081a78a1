import { Autocomplete, Chip, TextField } from '@mui/material';
import { cleanValues } from '../../../features/scoring/icp-form';

interface Props {
  label: string;
  values: string[];
  onChange(values: string[]): void;
  options?: readonly string[];
  optionLabel?(value: string): string;
  error?: string;
  helperText?: string;
}

/** Values as chips: type one and press Enter to add it; suggestions when known. */
export function ValuesInput({
  label,
  values,
  onChange,
  options = [],
  optionLabel,
  error,
  helperText,
}: Props) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={options as string[]}
      value={values}
      getOptionLabel={(option) => optionLabel?.(option) ?? option}
      onChange={(_event, next) => onChange(cleanValues(next))}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={optionLabel?.(option) ?? option} {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ?? helperText ?? 'Type a value and press Enter.'}
        />
      )}
    />
  );
}
