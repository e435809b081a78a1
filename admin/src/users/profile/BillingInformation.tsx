import { useState } from 'react';
import { Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useRefresh } from 'react-admin';
import type {
  AdminUserRecord,
  BillingAddress,
  BillingUpdate,
  UpdateBillingRequest,
} from '@leadpulse/common';
import { adminApi, errorMessage } from '../../api';
import { useCan } from '../../auth/useCan';
import { formatDateTime } from '../../format';
import { Field, Section } from './Section';

interface BillingForm {
  same: boolean;
  billing_name: string;
  billing_email: string;
  billing_phone: string;
  line1: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

const fromUser = (user: AdminUserRecord): BillingForm => ({
  same: !user.billing_name && !user.billing_email && !user.billing_phone && !user.billing_address,
  billing_name: user.billing_name ?? '',
  billing_email: user.billing_email ?? '',
  billing_phone: user.billing_phone ?? '',
  line1: user.billing_address?.line1 ?? '',
  city: user.billing_address?.city ?? '',
  state: user.billing_address?.state ?? '',
  postal_code: user.billing_address?.postal_code ?? '',
  country: user.billing_address?.country ?? 'US',
});

const addressText = (address: BillingAddress | null) =>
  address
    ? [address.line1, address.city, address.state, address.postal_code, address.country]
        .filter(Boolean)
        .join(', ')
    : '—';

/** Billing Information: read view with Sync Status and Sync with Stripe; edit with Save Billing. */
export function BillingInformation({
  user,
  editing,
  setEditing,
}: {
  user: AdminUserRecord;
  editing: boolean;
  setEditing: (editing: boolean) => void;
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [form, setForm] = useState<BillingForm>(() => fromUser(user));
  const [busy, setBusy] = useState(false);
  const canEdit = useCan('update_billing', 'users');
  const canSync = useCan('stripe_sync', 'users');
  const same =
    !user.billing_name && !user.billing_email && !user.billing_phone && !user.billing_address;

  const save = async () => {
    setBusy(true);
    try {
      const { warning } = await adminApi<BillingUpdate>(`/users/${user.id}/billing`, {
        method: 'PUT',
        body: (form.same
          ? { use_account_details: true }
          : {
              billing_name: form.billing_name,
              billing_email: form.billing_email || undefined,
              billing_phone: form.billing_phone,
              billing_address: {
                line1: form.line1,
                city: form.city,
                state: form.state,
                postal_code: form.postal_code,
                country: form.country || 'US',
              },
            }) satisfies UpdateBillingRequest,
      });
      if (warning) notify(warning, { type: 'warning' });
      else notify('Billing information updated successfully', { type: 'success' });
      setEditing(false);
      refresh();
    } catch (error) {
      notify(`Failed to update billing information: ${errorMessage(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const sync = async () => {
    setBusy(true);
    try {
      await adminApi(`/users/${user.id}/stripe-sync`, { method: 'POST' });
      notify('User synced with Stripe successfully', { type: 'success' });
      refresh();
    } catch (error) {
      notify(`Failed to sync with Stripe: ${errorMessage(error)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const text = (key: Exclude<keyof BillingForm, 'same'>, label: string) => (
    <TextField
      label={label}
      size="small"
      fullWidth
      value={form[key]}
      onChange={(event) => setForm({ ...form, [key]: event.target.value })}
    />
  );

  if (!editing || !canEdit)
    return (
      <Section
        title="Billing Information"
        action={
          canEdit && (
            <Button
              size="small"
              onClick={() => {
                setForm(fromUser(user));
                setEditing(true);
              }}
            >
              Edit
            </Button>
          )
        }
      >
        {same ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Billing same as account information
          </Typography>
        ) : (
          <>
            <Field label="Billing Name">{user.billing_name ?? '—'}</Field>
            <Field label="Billing Email">{user.billing_email ?? '—'}</Field>
            <Field label="Billing Phone">{user.billing_phone ?? '—'}</Field>
            <Field label="Billing Address">{addressText(user.billing_address)}</Field>
          </>
        )}
        <Field label="Sync Status">
          {user.last_sync_at ? `Synced ${formatDateTime(user.last_sync_at)}` : 'Not Synced'}
        </Field>
        {user.stripe_customer_id && canSync && (
          <Button variant="outlined" size="small" disabled={busy} onClick={() => void sync()}>
            Sync with Stripe
          </Button>
        )}
      </Section>
    );

  return (
    <Section title="Billing Information">
      <Stack
        spacing={1.5}
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <FormControlLabel
          control={
            <Checkbox
              checked={form.same}
              onChange={(event) => setForm({ ...form, same: event.target.checked })}
            />
          }
          label="Billing same as account information"
        />
        {!form.same && (
          <>
            {text('billing_name', 'Billing Name')}
            {text('billing_email', 'Billing Email')}
            {text('billing_phone', 'Billing Phone')}
            {text('line1', 'Address')}
            {text('city', 'City')}
            {text('state', 'State')}
            {text('postal_code', 'ZIP')}
            {text('country', 'Country')}
          </>
        )}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : 'Save Billing'}
          </Button>
          <Button onClick={() => setEditing(false)} disabled={busy}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}
