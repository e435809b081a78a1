import { useState } from 'react';
import {
  Box,
  FormControlLabel,
  Link,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { LEAD_STAGES, type Lead, type LeadStage } from '@leadpulse/common';
import { SOURCE_LABELS, STAGE_LABELS, formatDate } from '../../../../features/leads/lead-labels';
import { useLeadMutations } from '../../../../features/leads/useLeads';
import { StageReasonDialog } from '../../pipeline/StageReasonDialog';
import { ApiErrorAlert } from '../ApiErrorAlert';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

/** A lead's fields, its stage and monitoring (changed here), and its score with the reasons. */
export function LeadDetails({ lead }: { lead: Lead }) {
  const { update } = useLeadMutations();
  // Won or lost first asks why (optional), as the pipeline's board does.
  const [closing, setClosing] = useState<LeadStage | null>(null);
  const change = (body: {
    stage?: LeadStage | null;
    stage_reason?: string | null;
    monitored?: boolean;
  }) => update.mutate({ id: lead.id, body });
  const changeStage = (stage: LeadStage | null) => {
    if (stage === lead.stage) return;
    if (stage === 'won' || stage === 'lost') setClosing(stage);
    else change({ stage });
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField
          select
          size="small"
          label="Stage"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          value={lead.stage ?? ''}
          disabled={update.isPending}
          onChange={(event) => changeStage((event.target.value || null) as LeadStage | null)}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">Not tracked</MenuItem>
          {LEAD_STAGES.map((stage) => (
            <MenuItem key={stage} value={stage}>
              {STAGE_LABELS[stage]}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={lead.monitored}
              disabled={update.isPending}
              onChange={(event) => change({ monitored: event.target.checked })}
            />
          }
          label="Monitored"
        />
      </Stack>
      {update.isError && <ApiErrorAlert error={update.error} />}
      <StageReasonDialog
        move={closing && { name: `${lead.first_name} ${lead.last_name}`.trim(), stage: closing }}
        onConfirm={(reason) => {
          if (closing) change({ stage: closing, stage_reason: reason });
          setClosing(null);
        }}
        onCancel={() => setClosing(null)}
      />
      <Box
        component="dl"
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, m: 0 }}
      >
        <Field label="LinkedIn profile">
          {lead.profile_url && (
            <Link href={lead.profile_url} target="_blank" rel="noopener noreferrer">
              {lead.profile_slug ?? lead.profile_url}
            </Link>
          )}
        </Field>
        <Field label="E-mail">
          {lead.email && <Link href={`mailto:${lead.email}`}>{lead.email}</Link>}
        </Field>
        <Field label="Title">{lead.position}</Field>
        <Field label="Company">{lead.company}</Field>
        <Field label="Location">{lead.location}</Field>
        <Field label="Source">{SOURCE_LABELS[lead.source] ?? lead.source}</Field>
        <Field label="Added">{formatDate(lead.created_at)}</Field>
        <Field label="Last signal">{formatDate(lead.last_signal_at)}</Field>
        {lead.headline && <Field label="Headline">{lead.headline}</Field>}
      </Box>
    </Stack>
  );
}
