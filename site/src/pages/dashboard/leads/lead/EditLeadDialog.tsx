import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  useMediaQuery,
} from '@mui/material';
import type { Lead } from '@leadpulse/common';
import { ApiError } from '../../../../api/client';
import { useLeadMutations } from '../../../../features/leads/useLeads';
import { ApiErrorAlert } from '../ApiErrorAlert';

const FIELDS = [
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['position', 'Title'],
  ['company', 'Company'],
  ['location', 'Location'],
  ['email', 'E-mail'],
  ['headline', 'Headline'],
] as const;
type Field = (typeof FIELDS)[number][0];

/** Edits what the member knows about a lead. */
export function EditLeadDialog({
  lead,
  open,
  onClose,
}: {
  lead: Lead;
  open: boolean;
  onClose(): void;
}) {
  const initial = () =>
    Object.fromEntries(FIELDS.map(([key]) => [key, lead[key] ?? ''])) as Record<Field, string>;
  const [values, setValues] = useState(initial);
  const { update } = useLeadMutations();
  const fullScreen = useMediaQuery('(max-width: 599.98px)');
  const errors = update.error instanceof ApiError ? (update.error.body.errors ?? {}) : {};

  const close = () => {
    update.reset();
    setValues(initial());
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = Object.fromEntries(
      FIELDS.map(([key]) => {
        const value = values[key].trim();
        return [key, key === 'first_name' || key === 'last_name' ? value : value || null];
      }),
    );
    update.mutate({ id: lead.id, body }, { onSuccess: onClose });
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <form onSubmit={submit} noValidate>
        <DialogTitle>Edit lead</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {FIELDS.map(([key, label]) => (
              <TextField
                key={key}
                label={label}
                value={values[key]}
                required={key === 'first_name'}
                type={key === 'email' ? 'email' : 'text'}
                onChange={(event) => setValues({ ...values, [key]: event.target.value })}
                error={Boolean(errors[key])}
                helperText={errors[key]}
              />
            ))}
            {update.isError && !Object.keys(errors).length && (
              <ApiErrorAlert error={update.error} />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={update.isPending || !values.first_name.trim()}
          >
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
