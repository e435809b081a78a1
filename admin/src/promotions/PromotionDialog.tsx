import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useNotify, useRefresh } from 'react-admin';
import type { PromotionRecord } from '@leadpulse/common';
import { adminApi, errorMessage } from '../api';

/** Create or edit a promotion: name, code, percentage or fixed amount, value, max uses, expiry. */
export function PromotionDialog({
  promotion,
  onClose,
}: {
  promotion?: PromotionRecord;
  onClose: () => void;
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [form, setForm] = useState({
    name: promotion?.name ?? '',
    code: promotion?.code ?? '',
    type: promotion?.type ?? 'percentage',
    value: promotion
      ? String(promotion.type === 'percentage' ? promotion.value : promotion.value / 100)
      : '',
    max_uses: promotion?.max_uses ? String(promotion.max_uses) : '',
    expires_at: promotion?.expires_at ? promotion.expires_at.slice(0, 10) : '',
  });
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const value =
    form.type === 'percentage'
      ? Math.round(Number(form.value))
      : Math.round(Number(form.value) * 100);
  const valid = !!form.name.trim() && !!form.code.trim() && Number.isFinite(value) && value > 0;
  const save = async () => {
    setBusy(true);
    setFailure(undefined);
    const body = {
      name: form.name,
      code: form.code,
      type: form.type,
      value,
      max_uses: form.max_uses ? Number(form.max_uses) : null,
      expires_at: form.expires_at ? new Date(`${form.expires_at}T23:59:59`).toISOString() : null,
    };
    try {
      if (promotion) await adminApi(`/promotions/${promotion.id}`, { method: 'PUT', body });
      else await adminApi('/promotions', { method: 'POST', body });
      notify(
        promotion
          ? `Promotion ${body.code.toUpperCase()} updated`
          : `Promotion ${body.code.toUpperCase()} created`,
        {
          type: 'success',
        },
      );
      refresh();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      if (promotion)
        notify(`Failed to update promotion: ${errorMessage(error)}`, { type: 'error' });
      setBusy(false);
    }
  };
  const field = (key: keyof typeof form, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={form[key]}
      onChange={(event) => setForm({ ...form, [key]: event.target.value })}
      {...extra}
    />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="promotion-title">
      <DialogTitle id="promotion-title">
        {promotion ? 'Edit Promotion' : 'Create Promotion'}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('name', 'Name', { required: true })}
          {field('code', 'Code', { required: true, helperText: 'Buyers enter it at checkout' })}
          <TextField
            select
            label="Type"
            value={form.type}
            onChange={(event) =>
              setForm({ ...form, type: event.target.value as PromotionRecord['type'] })
            }
          >
            <MenuItem value="percentage">Percentage</MenuItem>
            <MenuItem value="fixed_amount">Fixed amount</MenuItem>
          </TextField>
          {field('value', form.type === 'percentage' ? 'Value (%)' : 'Value (USD)', {
            type: 'number',
            required: true,
          })}
          {field('max_uses', 'Max Uses', { type: 'number', helperText: 'Empty for no limit' })}
          {field('expires_at', 'Expires At', {
            type: 'date',
            slotProps: { inputLabel: { shrink: true } },
          })}
          {failure && <Alert severity="error">{failure}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!valid || busy} onClick={() => void save()}>
          {promotion ? 'Save Promotion' : 'Create Promotion'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
