import { useId, type ChangeEvent } from 'react';
import { FormControl, InputLabel, OutlinedInput, type SxProps, type Theme } from '@mui/material';

interface Props {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  required?: boolean;
  autoComplete?: string;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  maxLength?: number;
  sx?: SxProps<Theme>;
}

/**
 * An outlined text field as Material UI's TextField draws it, built from its parts: TextField
 * imports its Select, and with it Menu, Popover and Modal, which the landing page's forms would
 * otherwise load for nothing.
 */
export function PlainTextField({
  label,
  value,
  onChange,
  type = 'text',
  maxLength,
  ...field
}: Props) {
  const id = useId();
  return (
    <FormControl
      variant="outlined"
      required={field.required}
      fullWidth={field.fullWidth}
      size={field.size}
      sx={field.sx}
    >
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        value={value}
        onChange={onChange}
        autoComplete={field.autoComplete}
        inputProps={maxLength ? { maxLength } : undefined}
      />
    </FormControl>
  );
}
