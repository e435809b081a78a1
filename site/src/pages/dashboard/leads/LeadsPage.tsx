import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Pagination, Paper, Skeleton, Stack, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import { useMutation } from '@tanstack/react-query';
import { downloadLeadsCsv, leadsApi } from '../../../features/leads/leads-api';
import {
  isFiltered,
  queryFromParams,
  withPage,
  withParam,
} from '../../../features/leads/list-params';
import { useLeadList, useUsage } from '../../../features/leads/useLeads';
import { AddLeadDialog } from './AddLeadDialog';
import { ApiErrorAlert } from './ApiErrorAlert';
import { BulkActions } from './BulkActions';
import { GetStarted } from './GetStarted';
import { LeadsFilters } from './LeadsFilters';
import { LeadsTable } from './LeadsTable';

const n = (value: number) => value.toLocaleString('en-US');

/** Leads: search, filters, sort, pages of 25, bulk track or monitor, CSV export, add by hand. */
export function LeadsPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params), [params]);
  const list = useLeadList(query);
  const usage = useUsage();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  // The selection belongs to one page of one search: another page or filter starts a new one.
  const listKey = params.toString();
  const [selection, setSelection] = useState({ key: listKey, ids: new Set<string>() });
  const selected = selection.key === listKey ? selection.ids : new Set<string>();
  const setSelected = (update: Set<string> | ((current: Set<string>) => Set<string>)) =>
    setSelection({ key: listKey, ids: typeof update === 'function' ? update(selected) : update });
  const exporting = useMutation({ mutationFn: () => downloadLeadsCsv(query) });
  const sample = useMutation({
    mutationFn: leadsApi.importSample,
    onSuccess: (accepted) => navigate(`/dashboard/imports?job=${encodeURIComponent(accepted.id)}`),
  });
  const page = list.data;
  const leads = page?.data ?? [];
  const filtered = isFiltered(query);
  const firstTime = page && page.count === 0 && !filtered;

  const change = (key: string, value: string) =>
    setParams((current) => withParam(current, key, value));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((current) =>
      leads.every((lead) => current.has(lead.id))
        ? new Set()
        : new Set(leads.map((lead) => lead.id)),
    );

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            Leads
          </Typography>
          {usage.data && (
            <Typography color="text.secondary">
              Tracked {n(usage.data.profiles_tracked.used)}
              {usage.data.profiles_tracked.allowed !== null &&
                ` of ${n(usage.data.profiles_tracked.allowed)}`}{' '}
              · Monitored {n(usage.data.profiles_monitored.used)}
              {usage.data.profiles_monitored.allowed !== null &&
                ` of ${n(usage.data.profiles_monitored.allowed)}`}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
            Add lead
          </Button>
          <Button component={RouterLink} to="/dashboard/imports" startIcon={<UploadFile />}>
            Import
          </Button>
          <Button
            startIcon={<Download />}
            onClick={() => exporting.mutate()}
            disabled={exporting.isPending || !page || page.count === 0}
          >
            Export CSV
          </Button>
        </Stack>
      </Stack>
      {exporting.isError && <ApiErrorAlert error={exporting.error} />}
      {sample.isError && <ApiErrorAlert error={sample.error} />}
      {firstTime ? (
        <GetStarted onTrySample={() => sample.mutate()} sampleStarting={sample.isPending} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
          <Stack spacing={2}>
            <LeadsFilters query={query} onChange={change} />
            {selected.size > 0 && (
              <BulkActions
                leads={leads.filter((lead) => selected.has(lead.id))}
                onDone={() => setSelected(new Set())}
              />
            )}
            {list.isPending && (
              <Stack spacing={1} aria-label="Loading leads">
                {Array.from({ length: 6 }, (_, index) => (
                  <Skeleton key={index} variant="rounded" height={44} />
                ))}
              </Stack>
            )}
            {list.isError && (
              <ApiErrorAlert error={list.error} onRetry={() => void list.refetch()} />
            )}
            {page && (
              <Typography variant="body2" color="text.secondary" role="status">
                {page.count === 0
                  ? 'No leads'
                  : `${n((page.page - 1) * page.pageSize + 1)}–${n(
                      (page.page - 1) * page.pageSize + leads.length,
                    )} of ${n(page.count)} ${page.count === 1 ? 'lead' : 'leads'}`}
                {list.isFetching && !list.isPending && ' · Updating…'}
              </Typography>
            )}
            {page && page.count === 0 && filtered && (
              <Alert
                severity="info"
                action={
                  <Button color="inherit" size="small" onClick={() => setParams({})}>
                    Clear filters
                  </Button>
                }
              >
                No lead matches this search and these filters.
              </Alert>
            )}
            {leads.length > 0 && (
              <LeadsTable
                leads={leads}
                selected={selected}
                onToggle={toggle}
                onToggleAll={toggleAll}
              />
            )}
            {page && page.totalPages > 1 && (
              <Pagination
                count={page.totalPages}
                page={page.page}
                onChange={(_event, next) => setParams((current) => withPage(current, next, page))}
                siblingCount={0}
                sx={{ alignSelf: 'center' }}
                getItemAriaLabel={(type, item, current) =>
                  type === 'page' ? `${current ? '' : 'Go to '}page ${item}` : `Go to ${type} page`
                }
              />
            )}
          </Stack>
        </Paper>
      )}
      <AddLeadDialog open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
