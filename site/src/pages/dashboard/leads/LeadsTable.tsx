import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Checkbox,
  Chip,
  Link,
  List,
  ListItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
} from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import type { Lead } from '@leadpulse/common';
import {
  SOURCE_LABELS,
  STAGE_LABELS,
  formatDate,
  leadName,
} from '../../../features/leads/lead-labels';
import { ScoreSortHeader } from '../scoring/ScoreSortHeader';

interface Props {
  leads: Lead[];
  selected: Set<string>;
  onToggle(id: string): void;
  onToggleAll(): void;
}

const role = (lead: Lead) => [lead.position, lead.company].filter(Boolean).join(' · ');

function StageChip({ lead }: { lead: Lead }) {
  return lead.stage ? (
    <Chip size="small" color="primary" variant="outlined" label={STAGE_LABELS[lead.stage]} />
  ) : (
    <Typography
      variant="body2"
      color="text.secondary"
      component="span"
      sx={{ whiteSpace: 'nowrap' }}
    >
      Not tracked
    </Typography>
  );
}

function NameLink({ lead }: { lead: Lead }) {
  return (
    <Link component={RouterLink} to={`/dashboard/leads/${lead.id}`} sx={{ fontWeight: 600 }}>
      {leadName(lead)}
    </Link>
  );
}

/** The leads of one page: a table on wide screens, a list of cards on phones. */
export function LeadsTable({ leads, selected, onToggle, onToggleAll }: Props) {
  const mobile = useMediaQuery('(max-width: 767.98px)');
  const all = leads.length > 0 && leads.every((lead) => selected.has(lead.id));
  const some = leads.some((lead) => selected.has(lead.id));

  if (mobile)
    return (
      <List disablePadding aria-label="Leads">
        {leads.map((lead) => (
          <ListItem key={lead.id} divider disableGutters sx={{ alignItems: 'flex-start', gap: 1 }}>
            <Checkbox
              checked={selected.has(lead.id)}
              onChange={() => onToggle(lead.id)}
              slotProps={{ input: { 'aria-label': `Select ${leadName(lead)}` } }}
              sx={{ mt: -0.5 }}
            />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <NameLink lead={lead} />
              <Typography variant="body2" color="text.secondary" noWrap>
                {role(lead) || '—'}
              </Typography>
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}
              >
                <StageChip lead={lead} />
                {lead.monitored && <Chip size="small" icon={<Visibility />} label="Monitored" />}
                <Typography variant="body2" color="text.secondary">
                  Score {lead.score} (fit {lead.fit}, intent {lead.intent}) ·{' '}
                  {formatDate(lead.last_signal_at)}
                </Typography>
              </Stack>
            </Box>
          </ListItem>
        ))}
      </List>
    );

  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Leads">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={all}
                indeterminate={some && !all}
                onChange={onToggleAll}
                slotProps={{ input: { 'aria-label': 'Select every lead on this page' } }}
              />
            </TableCell>
            <TableCell>Name</TableCell>
            <TableCell>Stage</TableCell>
            <TableCell>Monitored</TableCell>
            <ScoreSortHeader />
            <TableCell align="right">Fit</TableCell>
            <TableCell align="right">Intent</TableCell>
            <TableCell>Last signal</TableCell>
            <TableCell>Source</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {leads.map((lead) => (
            <TableRow key={lead.id} hover selected={selected.has(lead.id)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.has(lead.id)}
                  onChange={() => onToggle(lead.id)}
                  slotProps={{ input: { 'aria-label': `Select ${leadName(lead)}` } }}
                />
              </TableCell>
              <TableCell sx={{ maxWidth: 360 }}>
                <NameLink lead={lead} />
                <Typography variant="body2" color="text.secondary" noWrap>
                  {role(lead)}
                </Typography>
              </TableCell>
              <TableCell>
                <StageChip lead={lead} />
              </TableCell>
              <TableCell>{lead.monitored ? 'Yes' : 'No'}</TableCell>
              <TableCell align="right">{lead.score}</TableCell>
              <TableCell align="right">{lead.fit}</TableCell>
              <TableCell align="right">{lead.intent}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(lead.last_signal_at)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{SOURCE_LABELS[lead.source]}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
