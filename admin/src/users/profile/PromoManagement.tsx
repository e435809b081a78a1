import { useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { useNotify, useRefresh } from 'react-admin';
import {
  ADMIN_TOASTS,
  PLANS,
  PROMO_TYPES,
  PROMO_TYPE_IDS,
  promoDaysLeft,
  type AdminUserRecord,
  type PromoType,
  type MemberChange,
} from '@leadpulse/common';
import { adminApi, errorMessage } from '../../api';
import { useCan } from '../../auth/useCan';
import { formatDate } from '../../format';
import { DurationDialog } from './DurationDialog';
import { Field, Section } from './Section';

const PROMO_CHOICES = PROMO_TYPE_IDS.map((id) => ({
  id,
  name: `${PROMO_TYPES[id].label} (${PROMO_TYPES[id].description})`,
}));
const COMPLIMENTARY_CHOICES = (['prospector', 'networker', 'rainmaker'] as const).map((id) => ({
  id,
  name: PLANS[id].name,
}));

/** Promo Management (current promo, expiry, days left; Add and Remove) and complimentary access. */
export function PromoManagement({ user }: { user: AdminUserRecord }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [adding, setAdding] = useState(false);
  const [granting, setGranting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const canApply = useCan('apply_promo', 'users');
  const canRemove = useCan('remove_promo', 'users');
  const canGrant = useCan('grant_complimentary_access', 'users');
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
        {canApply && (
          <Button variant="outlined" size="small" onClick={() => setAdding(true)}>
            Add Promo
          </Button>
        )}
        {active && canRemove && (
          <Button
            variant="outlined"
            color="error"
            size="small"
            disabled={removing}
            onClick={async () => {
              setRemoving(true);
              try {
                const { warning } = await adminApi<MemberChange>(`/users/${user.id}/promo`, {
                  method: 'DELETE',
                });
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
        {canGrant && (
          <Button variant="outlined" size="small" onClick={() => setGranting(true)}>
            Grant Complimentary Access
          </Button>
        )}
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
            const { warning } = await adminApi<MemberChange>(`/users/${user.id}/promo`, {
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
