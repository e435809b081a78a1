import { useState, type FormEvent } from 'react';
import { Alert, Button, Divider, Stack } from '@mui/material';
import { MESSAGES, PASSWORD_MIN_LENGTH } from '@leadpulse/common';
import { ApiError } from '../../../api/client';
import { PasswordField } from '../../../components/PasswordField';
import { authApi } from '../../../features/auth/auth-api';
import { sessionClient } from '../../../features/auth/session';
import { useSnackbar } from '../../../features/snackbar/snackbar';
import { DeleteAccount } from './DeleteAccount';
import { TwoStepSection } from './two-step/TwoStepSection';

const EMPTY = { current: '', next: '', confirm: '' };

/** Password change (the server checks the current password), two-step verification, and deleting the account. */
export function SecurityTab() {
  const { enqueueSnackbar } = useSnackbar();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (form.next !== form.confirm) return setError(MESSAGES.settings.passwordsDoNotMatch);
    if (form.next.length < PASSWORD_MIN_LENGTH)
      return setError(MESSAGES.settings.passwordTooShort());
    setSaving(true);
    try {
      await authApi.changePassword(form.current, form.next);
      const user = sessionClient.session?.user;
      if (user) sessionClient.updateUser(user);
      setForm(EMPTY);
      enqueueSnackbar(MESSAGES.settings.passwordUpdated, { variant: 'success' });
    } catch (caught) {
      if (
        caught instanceof ApiError &&
        (caught.code === 'invalid_current_password' || caught.code === 'weak_password')
      ) {
        setError(caught.message);
      } else {
        enqueueSnackbar(MESSAGES.settings.passwordFailed, { variant: 'error' });
      }
    } finally {
      setSaving(false);
    }
  };

  const field = (key: keyof typeof EMPTY) => ({
    value: form[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setForm({ ...form, [key]: event.target.value }),
    required: true,
  });

  return (
    <Stack spacing={4}>
      <Stack component="form" spacing={2} onSubmit={submit} sx={{ maxWidth: 420 }}>
        {error && <Alert severity="error">{error}</Alert>}
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          {...field('current')}
        />
        <PasswordField label="New Password" autoComplete="new-password" {...field('next')} />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          {...field('confirm')}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={saving}
          sx={{ alignSelf: 'flex-start' }}
        >
          {saving ? 'Updating...' : 'Update Password'}
        </Button>
      </Stack>
      <Divider />
      <TwoStepSection />
      <DeleteAccount />
    </Stack>
  );
}
