import { useEffect, useRef, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Collapse,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
} from '@mui/material';
import FilterList from '@mui/icons-material/FilterList';
import Search from '@mui/icons-material/Search';
import { LEAD_SOURCES, LEAD_STAGES, type LeadListQuery } from '@leadpulse/common';
import { SOURCE_LABELS, STAGE_LABELS } from '../../../features/leads/lead-labels';

const SORTS = [
  ['-last_signal_at', 'Latest signal'],
  ['-score', 'Highest score'],
  ['name', 'Name (A–Z)'],
  ['-name', 'Name (Z–A)'],
  ['-created_at', 'Newest added'],
  ['created_at', 'Oldest added'],
] as const;

/** Waits until typing pauses before a search goes out. */
function useDebounced(value: string, onSettle: (value: string) => void, ms = 300) {
  useEffect(() => {
    const timer = setTimeout(() => onSettle(value), ms);
    return () => clearTimeout(timer);
  }, [value, onSettle, ms]);
}

/** Search, filters and sort of the leads list; every change goes into the page's address. */
export function LeadsFilters({
  query,
  onChange,
}: {
  query: LeadListQuery;
  onChange(key: string, value: string): void;
}) {
  const [text, setText] = useState(query.q ?? '');
  const mobile = useMediaQuery('(max-width: 767.98px)');
  const [open, setOpen] = useState(false);
  const sent = useRef(query.q ?? '');
  const setSearch = (value: string) => {
    if (value.trim() === (query.q ?? '')) return;
    sent.current = value.trim();
    onChange('q', value.trim());
  };
  // The search changed from outside (Clear filters, the browser's Back): the box follows.
  useEffect(() => {
    if ((query.q ?? '') !== sent.current) {
      sent.current = query.q ?? '';
      setText(query.q ?? '');
    }
  }, [query.q]);
  useDebounced(text, setSearch);
  const active = [
    query.stage,
    query.monitored,
    query.source,
    query.min_score,
    query.has_signal_since,
  ].filter((value) => value !== undefined).length;

  const filters = (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: '1fr 1fr',
          md: 'repeat(3, 1fr)',
          lg: 'repeat(5, minmax(0, 1fr)) minmax(170px, 1.3fr)',
        },
      }}
    >
      <TextField
        select
        size="small"
        label="Stage"
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        value={query.stage ?? ''}
        onChange={(event) => onChange('stage', event.target.value)}
      >
        <MenuItem value="">All leads</MenuItem>
        <MenuItem value="tracked">Tracked</MenuItem>
        <MenuItem value="untracked">Not tracked</MenuItem>
        {LEAD_STAGES.map((stage) => (
          <MenuItem key={stage} value={stage}>
            {STAGE_LABELS[stage]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Monitored"
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        value={query.monitored === undefined ? '' : String(query.monitored)}
        onChange={(event) => onChange('monitored', event.target.value)}
      >
        <MenuItem value="">Any</MenuItem>
        <MenuItem value="true">Monitored</MenuItem>
        <MenuItem value="false">Not monitored</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label="Source"
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        value={query.source ?? ''}
        onChange={(event) => onChange('source', event.target.value)}
      >
        <MenuItem value="">Any source</MenuItem>
        {LEAD_SOURCES.map((source) => (
          <MenuItem key={source} value={source}>
            {SOURCE_LABELS[source]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="number"
        label="Min score"
        value={query.min_score ?? ''}
        slotProps={{ htmlInput: { min: 0, max: 100, step: 5 } }}
        onChange={(event) => onChange('min_score', event.target.value)}
      />
      <TextField
        size="small"
        type="date"
        label="Signal since"
        value={query.has_signal_since ?? ''}
        slotProps={{ inputLabel: { shrink: true } }}
        onChange={(event) => onChange('has_signal_since', event.target.value)}
      />
      <TextField
        select
        size="small"
        label="Sort by"
        value={query.sort}
        onChange={(event) => onChange('sort', event.target.value)}
      >
        {SORTS.map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1}>
        <TextField
          size="small"
          type="search"
          label="Search leads"
          placeholder="Name, company, title or e-mail"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && setSearch(text)}
          sx={{ flex: 1, maxWidth: { md: 480 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {mobile && (
          <Button
            variant="outlined"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            startIcon={
              <Badge color="primary" badgeContent={active}>
                <FilterList />
              </Badge>
            }
          >
            Filters
          </Button>
        )}
      </Stack>
      {mobile ? <Collapse in={open}>{filters}</Collapse> : filters}
    </Stack>
  );
}
