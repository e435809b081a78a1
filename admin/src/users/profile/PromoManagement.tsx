import { useId, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useRefresh } from 'react-admin';
import {
  ADMIN_TOASTS,
  DEFAULT_PROMO_DAYS,
  PLANS,
  PROMO_TYPES,
  PROMO_TYPE_IDS,
  promoDaysLeft,
  promoDuration,
  type PromoType,
} from '@leadpulse/common';
import { adminApi, errorMessage } from '../../api';
import type { AdminUser } from '../types';
import { Field, Section } from './Section';
import { formatDate } from '../../format';

/** The Add Promo Code and Grant Complimentary Access forms: type, Duration (days), Notes. */
export function DurationDialog({
  title,
  typeLabel,
  types,
  submitLabel,
  notesPlaceholder,
  open,
  onClose,
  onSubmit,
}: {
  title: string;
  typeLabel: string;
  types: { id: string; name: string }[];
  submitLabel: string;
  notesPlaceholder: string;
  open: boolean;
  onClose: () => void;
  onSubmit: (form: { type: string; duration_days: number; notes: string }) => Promise<boolean>;
}) {
  const [type, setType] = useState('');
  const [days, setDays] = useState(String(DEFAULT_PROMO_DAYS));
  const [notes, setNotes] = useState('');
  const [applying, setApplying] = useState(false);
  const titleId = useId();
  const close = () => {
    setType('');
    setDays(String(DEFAULT_PROMO_DAYS));
    setNotes('');
    onClose();
  };
  const submit = async () => {
    setApplying(true);
    const done = await onSubmit({ type, duration_days: promoDuration(days), notes });
    setApplying(false);
    if (done) close();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={typeLabel}
            value={type}
            onChange={(event) => setType(event.target.value)}
          >
            {types.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Duration (days)"
            type="number"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            slotProps={{ htmlInput: { min: 1 } }}
          />
          <TextField
            label="Notes"
            multiline
            minRows={2}
            placeholder={notesPlaceholder}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" disabled={!type || applying} onClick={() => void submit()}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const PROMO_CHOICES = PROMO_TYPE_IDS.map((id) => ({
  id,
  name: `${PROMO_TYPES[id].label} (${PROMO_TYPES[id].description})`,
}));
const COMPLIMENTARY_CHOICES = (['prospector', 'networker', 'rainmaker'] as const).map((id) => ({
  id,
  name: PLANS[id].name,
}));

/** Promo Management (current promo, expiry, days left; Add and Remove) and complimentary access. */
export function PromoManagement({ user }: { user: AdminUser }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [adding, setAdding] = useState(false);
  const [granting, setGranting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const active = user.promo_active && !!user.promo_type;

  return (
    <Section title="Promo Management">
      {active ? (
        <>
          <Field label="Current Promo">
            {PROMO_TYPES[user.promo_type as PromoType]?.label ?? user.promo_type}
          </Field>
          <Field label="Expires">{formatDate(user.promo_expiration_date)}</Field>
          <Field label="Days Left">{promoDaysLeft(user.promo_expiration_date)}</Field>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          No active promo
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" size="small" onClick={() => setAdding(true)}>
          Add Promo
        </Button>
        {active && (
          <Button
            variant="outlined"
            color="error"
            size="small"
            disabled={removing}
            onClick={async () => {
              setRemoving(true);
              try {
                const { warning } = await adminApi<{ warning?: string }>(
                  `/users/${user.id}/promo`,
                  {
                    method: 'DELETE',
                  },
                );
                notify(ADMIN_TOASTS.promoRemoved, { type: 'success' });
                if (warning) notify(warning, { type: 'warning' });
                refresh();
              } catch {
                notify(ADMIN_TOASTS.promoRemoveFailed, { type: 'error' });
              } finally {
                setRemoving(false);
              }
            }}
          >
            Remove Promo
          </Button>
        )}
        <Button variant="outlined" size="small" onClick={() => setGranting(true)}>
          Grant Complimentary Access
        </Button>
      </Stack>
      <DurationDialog
        title="Add Promo Code"
        typeLabel="Promo Type"
        types={PROMO_CHOICES}
        submitLabel="Apply Promo"
        notesPlaceholder="Reason for applying this promo..."
        open={adding}
        onClose={() => setAdding(false)}
        onSubmit={async (form) => {
          try {
            const { warning } = await adminApi<{ warning?: string }>(`/users/${user.id}/promo`, {
              method: 'POST',
              body: form,
            });
            notify(ADMIN_TOASTS.promoApplied(user.email), { type: 'success' });
            if (warning) notify(warning, { type: 'warning' });
            refresh();
            return true;
          } catch {
            notify(ADMIN_TOASTS.promoApplyFailed, { type: 'error' });
            return false;
          }
        }}
      />
      <DurationDialog
        title="Grant Complimentary Access"
        typeLabel="Plan"
        types={COMPLIMENTARY_CHOICES}
        submitLabel="Grant Access"
        notesPlaceholder="Reason for granting access..."
        open={granting}
        onClose={() => setGranting(false)}
        onSubmit={async (form) => {
          try {
            await adminApi(`/users/${user.id}/complimentary`, { method: 'POST', body: form });
            notify(`Complimentary access granted to ${user.email}`, { type: 'success' });
            refresh();
            return true;
          } catch (error) {
            notify(`Failed to grant complimentary access: ${errorMessage(error)}`, {
              type: 'error',
            });
            return false;
          }
        }}
      />
    </Section>
  );
}
