import { Box } from '@mui/material';
import { formatDate, formatDateTime } from '../format';

/** A date and time kept on one line in a table cell ("PM" never wraps on its own). */
export function DateTimeText({ value }: { value: string | null | undefined }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(value)}
    </Box>
  );
}

/** A date ("Nov 22, 2026") kept on one line in a table cell. */
export function DateText({ value }: { value: string | null | undefined }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {formatDate(value)}
    </Box>
  );
}

/**
 * A long value (a message, a URL) that breaks inside its cell rather than widening the table, and
 * keeps a readable width on a phone, where the table scrolls sideways instead.
 */
export function WrappingText({ value }: { value: string | null | undefined }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-block', minWidth: '12rem', wordBreak: 'break-word' }}
    >
      {value ?? '—'}
    </Box>
  );
}
