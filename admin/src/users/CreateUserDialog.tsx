import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  MenuItem,
  TextField,
} from '@mui/material';
import { useCreate, useNotify, useRefresh } from 'react-admin';
import {
  ADMIN_TOASTS,
  CREATABLE_PLANS,
  EDITABLE_STATUSES,
  canCreateUser,
  getPlan,
  type CreateUserRequest,
} from '@leadpulse/common';
import { errorMessage } from '../api';

/** The form: every field of the request, a text field '' while empty. */
type UserForm = { [Field in keyof CreateUserRequest]-?: NonNullable<CreateUserRequest[Field]> };

const EMPTY: UserForm = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  company: '',
  job_title: '',
  subscription_plan: 'prospector',
  status: 'active',
  is_admin: false,
  founding_member: false,
};

/** The request the form makes: an optional text field left empty is not sent. */
const requestOf = (form: UserForm): CreateUserRequest => ({
  ...form,
  phone: form.phone || undefined,
  company: form.company || undefined,
  job_title: form.job_title || undefined,
});

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Create New User: the spec's fields and defaults; Create User needs e-mail, first and last name. */
export function CreateUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [failure, setFailure] = useState<string>();
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  const refresh = useRefresh();
  const text = (
    field: 'first_name' | 'last_name' | 'email' | 'phone' | 'company' | 'job_title',
    label: string,
    required = false,
  ) => (
    <TextField
      label={label}
      required={required}
      fullWidth
      size="small"
      value={form[field]}
      onChange={(event) => setForm({ ...form, [field]: event.target.value })}
    />
  );
  const close = () => {
    setForm(EMPTY);
    setFailure(undefined);
    onClose();
  };
  const submit = () => {
    setFailure(undefined);
    create(
      'users',
      { data: requestOf(form) },
      {
        onSuccess: () => {
          notify(ADMIN_TOASTS.userCreated, { type: 'success' });
          refresh();
          close();
        },
        onError: (error) => {
          notify(ADMIN_TOASTS.userCreateFailed, { type: 'error' });
          setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="create-user-title">
      <DialogTitle id="create-user-title">Create New User</DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>{text('first_name', 'First Name', true)}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('last_name', 'Last Name', true)}</Grid>
          <Grid size={12}>{text('email', 'Email', true)}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('phone', 'Phone')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('company', 'Company')}</Grid>
          <Grid size={12}>{text('job_title', 'Job Title')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              label="Subscription Plan"
              fullWidth
              size="small"
              value={form.subscription_plan}
              onChange={(event) =>
                setForm({
                  ...form,
                  subscription_plan: event.target.value as typeof form.subscription_plan,
                })
              }
            >
              {CREATABLE_PLANS.map((plan) => (
                <MenuItem key={plan} value={plan}>
                  {getPlan(plan).name}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              label="Status"
              fullWidth
              size="small"
              value={form.status}
              onChange={(event) =>
                setForm({ ...form, status: event.target.value as typeof form.status })
              }
            >
              {EDITABLE_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {capitalise(status)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.is_admin}
                  onChange={(event) => setForm({ ...form, is_admin: event.target.checked })}
                />
              }
              label="Admin Access"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={form.founding_member}
                  onChange={(event) => setForm({ ...form, founding_member: event.target.checked })}
                />
              }
              label="Founding Member"
            />
          </Grid>
          {failure && (
            <Grid size={12}>
              <Alert severity="error">{failure}</Alert>
            </Grid>
          )}
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" disabled={!canCreateUser(form) || isPending} onClick={submit}>
          Create User
        </Button>
      </DialogActions>
    </Dialog>
  );
}
