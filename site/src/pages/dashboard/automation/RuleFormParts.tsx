import type { ReactNode } from 'react';
import { Alert, Box, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { LEAD_STAGES, type AutomationRuleCreated, type LeadStage } from '@leadpulse/common';
import { STAGE_LABELS } from '../../../features/automation/rule-labels';

/** "Any stage" in a stage select. */
export const ANY = '';

export function StageSelect<T extends LeadStage | typeof ANY>({
  label,
  value,
  onChange,
  required,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  required?: boolean;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
      sx={{ minWidth: 180 }}
      size={required ? 'small' : 'medium'}
    >
      {!required && <MenuItem value={ANY}>Any stage</MenuItem>}
      {LEAD_STAGES.map((s) => (
        <MenuItem key={s} value={s}>
          {STAGE_LABELS[s]}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function ActionRow({
  label,
  on,
  onToggle,
  children,
}: {
  label: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <Box>
      <FormControlLabel
        control={<Checkbox checked={on} onChange={(e) => onToggle(e.target.checked)} />}
        label={label}
      />
      {on && children && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pl: 4, mt: 1 }}>
          {children}
        </Stack>
      )}
    </Box>
  );
}

/** The secret a new rule's webhooks are signed with, shown once. */
export function SecretNotice({
  rule,
  onClose,
}: {
  rule: AutomationRuleCreated;
  onClose: () => void;
}) {
  if (!rule.actions.some((a) => a.type === 'webhook')) return null;
  return (
    <Alert severity="info" onClose={onClose}>
      Rule saved. Its webhooks are signed with this secret, shown only now:{' '}
      <code>{rule.webhook_secret}</code>. Each call carries a{' '}
      <code>LeadPulse-Signature: t=…,v1=…</code> header, the HMAC-SHA256 of the timestamp, a dot and
      the body.
    </Alert>
  );
}
