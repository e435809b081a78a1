import { useState } from 'react';
import { Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { useNotify, useUpdate } from 'react-admin';
import {
  ADMIN_TOASTS,
  ASSIGNABLE_STATUSES,
  USER_STATUSES,
  userStatusLabel,
  type AdminUserRecord,
} from '@leadpulse/common';
import { errorMessage } from '../../api';
import { useCan } from '../../auth/useCan';
import { AdminRoles } from './AdminRoles';
import { Field, Section } from './Section';

const EDITABLE = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'company',
  'job_title',
  'status',
  'is_admin',
  'founding_member',
] as const;
type Editable = Pick<AdminUserRecord, (typeof EDITABLE)[number]>;

const pick = (user: AdminUserRecord): Editable =>
  Object.fromEntries(EDITABLE.map((key) => [key, user[key]])) as Editable;

/** Account Information: view, and edit with Save Changes ("Saving...") and Cancel (restores). */
export function AccountInformation({ user }: { user: AdminUserRecord }) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<Editable>(() => pick(user));
  const [update, { isPending }] = useUpdate<AdminUserRecord>();
  const notify = useNotify();
  const canEdit = useCan('edit', 'users');
  const suspended = user.status === 'suspended';

  const cancel = () => {
    setForm(pick(user));
    setEditing(false);
  };
  const save = () =>
    update(
      'users',
      { id: user.id, data: form, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(ADMIN_TOASTS.userUpdated, { type: 'success' });
          setEditing(false);
        },
        // The server's reason ("This email is already in use") follows the spec's text.
        onError: (error) =>
          notify(`${ADMIN_TOASTS.userUpdateFailed}: ${errorMessage(error)}`, { type: 'error' }),
      },
    );
  const text = (
    key: 'first_name' | 'last_name' | 'email' | 'phone' | 'company' | 'job_title',
    label: string,
  ) => (
    <TextField
      label={label}
      size="small"
      fullWidth
      value={form[key] ?? ''}
      onChange={(event) => setForm({ ...form, [key]: event.target.value })}
    />
  );

  if (!editing || !canEdit)
    return (
      <Section
        title="Account Information"
        action={
          canEdit && (
            <Button
              size="small"
              onClick={() => {
                setForm(pick(user));
                setEditing(true);
              }}
            >
              Edit
            </Button>
          )
        }
      >
        <Field label="Name">{`${user.first_name} ${user.last_name}`.trim() || 'N/A'}</Field>
        <Field label="Email">{user.email}</Field>
        <Field label="Phone">{user.phone || '—'}</Field>
        <Field label="Company">{user.company || '—'}</Field>
        <Field label="Job Title">{user.job_title || '—'}</Field>
        <Field label="Status">{userStatusLabel(user.status)}</Field>
        <Field label="Role">{user.is_admin ? 'Admin' : 'User'}</Field>
        {user.is_admin && <AdminRoles user={user} />}
        <Field label="Founding Member">{user.founding_member ? 'Yes' : 'No'}</Field>
      </Section>
    );

  return (
    <Section title="Account Information">
      <Stack
        spacing={1.5}
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {text('first_name', 'First Name')}
        {text('last_name', 'Last Name')}
        {text('email', 'Email')}
        {text('phone', 'Phone')}
        {text('company', 'Company')}
        {text('job_title', 'Job Title')}
        <TextField
          select
          label="Status"
          size="small"
          value={form.status}
          onChange={(event) => setForm({ ...form, status: event.target.value })}
          // A suspension is lifted by Reactivate only, which also clears its date and reason.
          disabled={suspended}
          helperText={suspended ? 'Reactivate the user to lift the suspension.' : undefined}
        >
          {USER_STATUSES.filter(
            (status) => status === user.status || ASSIGNABLE_STATUSES.includes(status as never),
          ).map((status) => (
            <MenuItem key={status} value={status}>
              {userStatusLabel(status)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox
              checked={form.is_admin}
              onChange={(event) => setForm({ ...form, is_admin: event.target.checked })}
            />
          }
          label="Admin Access"
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={form.founding_member}
              onChange={(event) => setForm({ ...form, founding_member: event.target.checked })}
            />
          }
          label="Founding Member"
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={isPending}>
            {isPending ? 'Saving...' : 'Save Changes'}
          </Button>
          <Button onClick={cancel} disabled={isPending}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}
