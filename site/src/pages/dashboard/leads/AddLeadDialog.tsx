import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  Stack,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { profileSlug, type CreateLeadRequest } from '@leadpulse/common';
import { ApiError } from '../../../api/client';
import { nameFromSlug } from '../../../features/leads/csv-mapping';
import { useLeadMutations } from '../../../features/leads/useLeads';
import { ApiErrorAlert } from './ApiErrorAlert';

const EMPTY = {
  profile_url: '',
  first_name: '',
  last_name: '',
  position: '',
  company: '',
  location: '',
  email: '',
};

/** Adds a lead from a LinkedIn profile URL, with the fields the member fills in. */
export function AddLeadDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [fields, setFields] = useState(EMPTY);
  const [track, setTrack] = useState(true);
  const [urlError, setUrlError] = useState<string>();
  const { create } = useLeadMutations();
  const navigate = useNavigate();
  const fullScreen = useMediaQuery('(max-width: 599.98px)');
  const error = create.error;
  const fieldErrors = error instanceof ApiError ? (error.body.errors ?? {}) : {};
  const existing =
    error instanceof ApiError && error.code === 'lead_exists' ? fieldErrors.lead_id : undefined;

  const set = (key: keyof typeof EMPTY) => (value: string) =>
    setFields((current) => ({ ...current, [key]: value }));

  const fillFromUrl = () => {
    if (!fields.profile_url.trim()) return setUrlError(undefined);
    const slug = profileSlug(fields.profile_url);
    if (!slug)
      return setUrlError('Enter a LinkedIn profile URL, such as https://www.linkedin.com/in/name.');
    setUrlError(undefined);
    const name = nameFromSlug(slug);
    if (name && !fields.first_name && !fields.last_name)
      setFields((current) => ({ ...current, first_name: name.first, last_name: name.last }));
  };

  const close = () => {
    setFields(EMPTY);
    setUrlError(undefined);
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: CreateLeadRequest = {
      first_name: fields.first_name.trim(),
      last_name: fields.last_name.trim(),
      profile_url: fields.profile_url.trim() || null,
      position: fields.position.trim() || null,
      company: fields.company.trim() || null,
      location: fields.location.trim() || null,
      email: fields.email.trim() || null,
      ...(track ? { stage: 'new' as const } : {}),
    };
    create.mutate(body, {
      onSuccess: (lead) => {
        close();
        navigate(`/dashboard/leads/${lead.id}`);
      },
    });
  };

  const text = (key: keyof typeof EMPTY, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={fields[key]}
      onChange={(event) => set(key)(event.target.value)}
      error={Boolean(fieldErrors[key])}
      helperText={fieldErrors[key]}
      fullWidth
      {...extra}
    />
  );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <form onSubmit={submit} noValidate>
        <DialogTitle>Add a lead</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="LinkedIn profile URL"
              placeholder="https://www.linkedin.com/in/…"
              value={fields.profile_url}
              onChange={(event) => set('profile_url')(event.target.value)}
              onBlur={fillFromUrl}
              error={Boolean(urlError || fieldErrors.profile_url)}
              helperText={
                urlError ??
                fieldErrors.profile_url ??
                'We never visit LinkedIn: fill in what you know about the person.'
              }
              autoFocus
              fullWidth
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {text('first_name', 'First name', { required: true })}
              {text('last_name', 'Last name')}
            </Stack>
            {text('position', 'Title')}
            {text('company', 'Company')}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {text('location', 'Location')}
              {text('email', 'E-mail', { type: 'email' })}
            </Stack>
            <FormControlLabel
              control={
                <Checkbox checked={track} onChange={(event) => setTrack(event.target.checked)} />
              }
              label="Track this lead (stage New)"
            />
            {existing ? (
              <Alert severity="info">
                This lead is already in your workspace.{' '}
                <Link component={RouterLink} to={`/dashboard/leads/${existing}`} onClick={close}>
                  Open the lead
                </Link>
              </Alert>
            ) : (
              error && !Object.keys(fieldErrors).length && <ApiErrorAlert error={error} />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending || !fields.first_name.trim() || Boolean(urlError)}
          >
            Add lead
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
