import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Link as RouterLink } from 'react-router-dom';
import { Title } from 'react-admin';
import {
  formatUptime,
  healthBadgeColour,
  healthStatusLabel,
  type AdminHealthReport,
  type HealthCheckView,
  type HealthSample,
  type ErrorReportRecord,
} from '@leadpulse/common';
import { adminApi } from '../api';
import { Badge } from '../components/Badge';
import { DateTimeText } from '../components/DateTimeText';

const SampleCharts = lazy(() =>
  import('./SampleCharts').then((module) => ({ default: module.SampleCharts })),
);

/** The spec's health check interval. */
export const REFRESH_EVERY_MS = 30_000;
/** The recent view of the metric samples. */
const RECENT_SAMPLES = 10;

const CHECK_NAMES: Record<string, string> = {
  database: 'Database',
  email: 'E-mail',
  stripe: 'Stripe',
  jobs: 'Background jobs',
  webhooks: 'Stripe webhooks',
};

/** The figures a check reports besides its status: "waiting 0 · oldest waiting 5m 12s". */
function checkDetails(check: HealthCheckView): string {
  const { status: _status, responseTime: _time, message, ...details } = check;
  const figures = Object.entries(details)
    .filter(([, value]) => typeof value === 'number' || typeof value === 'string')
    .map(([key, value]) =>
      key.endsWith('_seconds') && typeof value === 'number'
        ? `${key.replace(/_seconds$/, '').replace(/_/g, ' ')} ${formatUptime(value)}`
        : `${key.replace(/_/g, ' ')} ${String(value)}`,
    );
  return [message, ...figures].filter(Boolean).join(' · ') || '—';
}

function SummaryCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ flex: '1 1 160px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {label}
        </Typography>
        <Typography variant="h5" component="div">
          {children}
        </Typography>
      </CardContent>
    </Card>
  );
}

function HealthChecksTab({ report }: { report: AdminHealthReport }) {
  return (
    // Wider than a phone: the container scrolls, so a keyboard must reach it, and it is named.
    <TableContainer tabIndex={0} role="region" aria-label="Health checks table">
      <Table size="small" aria-label="Health checks" sx={{ minWidth: 600 }}>
        <TableHead>
          <TableRow>
            <TableCell>Check</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Response Time</TableCell>
            <TableCell>Details</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {Object.entries(report.checks).map(([name, check]) => (
            <TableRow key={name}>
              <TableCell>{CHECK_NAMES[name] ?? name}</TableCell>
              <TableCell>
                <Badge
                  label={healthStatusLabel(check.status)}
                  colour={healthBadgeColour(check.status)}
                />
              </TableCell>
              <TableCell>
                {check.responseTime !== undefined ? `${check.responseTime} ms` : '—'}
              </TableCell>
              <TableCell sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>
                {checkDetails(check)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const orDash = (value: number | null, unit: string) => (value === null ? '—' : `${value}${unit}`);

function PerformanceTab({ samples }: { samples: HealthSample[] }) {
  if (samples.length === 0)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        No samples yet: the server samples itself every minute.
      </Typography>
    );
  const recent = samples.slice(-RECENT_SAMPLES).reverse();
  return (
    <Stack spacing={2}>
      <Suspense fallback={<LinearProgress aria-label="Loading charts" />}>
        <SampleCharts samples={samples} />
      </Suspense>
      <Typography variant="subtitle2" component="h3">
        Last {recent.length} samples
      </Typography>
      <TableContainer tabIndex={0} role="region" aria-label="Recent samples table">
        <Table
          size="small"
          aria-label="Recent samples"
          sx={{ minWidth: 900, '& th, & td': { whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>Time</TableCell>
              <TableCell align="right">Heap</TableCell>
              <TableCell align="right">Memory (RSS)</TableCell>
              <TableCell align="right">CPU</TableCell>
              <TableCell align="right">Event-loop lag (p99)</TableCell>
              <TableCell align="right">Requests</TableCell>
              <TableCell align="right">Server errors</TableCell>
              <TableCell align="right">Avg response</TableCell>
              <TableCell align="right">Database</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {recent.map((sample) => (
              <TableRow key={sample.at}>
                <TableCell>{new Date(sample.at).toLocaleTimeString()}</TableCell>
                <TableCell align="right">{sample.heap_used_mb} MB</TableCell>
                <TableCell align="right">{sample.rss_mb} MB</TableCell>
                <TableCell align="right">{sample.cpu_percent}%</TableCell>
                <TableCell align="right">{sample.event_loop_lag_p99_ms} ms</TableCell>
                <TableCell align="right">{sample.requests}</TableCell>
                <TableCell align="right">{sample.server_errors}</TableCell>
                <TableCell align="right">{orDash(sample.avg_response_ms, ' ms')}</TableCell>
                <TableCell align="right">{orDash(sample.db_response_ms, ' ms')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

function SystemInfoTab({ system }: { system: AdminHealthReport['system'] }) {
  const rows: [string, ReactNode][] = [
    ['Instance', system.instance],
    ['Version', system.version],
    ['Node.js', system.node_version],
    [
      'Database',
      system.database === 'Embedded'
        ? 'Embedded (PostgreSQL in-process, for development)'
        : `PostgreSQL${system.database_version ? ` ${system.database_version}` : ''}`,
    ],
    ['Environment', system.environment],
    ['Platform', system.platform],
    ['Uptime', formatUptime(system.uptime_seconds)],
    ['Started At', <DateTimeText key="started" value={system.started_at} />],
  ];
  return (
    <Table size="small" aria-label="System info">
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ width: 180, fontWeight: 600 }}>
              {label}
            </TableCell>
            <TableCell>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function RecentErrorReports({ reports }: { reports: ErrorReportRecord[] | undefined }) {
  return (
    <Card variant="outlined" component="section" aria-label="Recent Error Reports">
      <CardContent>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}
        >
          <Typography variant="h6" component="h2">
            Recent Error Reports
          </Typography>
          <Button component={RouterLink} to="/error-reports" size="small">
            View all
          </Button>
        </Stack>
        {reports?.length === 0 ? (
          <Typography color="text.secondary">No error reports from browsers.</Typography>
        ) : (
          <Stack spacing={1}>
            {reports?.map((report) => (
              <Box key={report.id}>
                <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                  {report.message}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {report.error_id} · {report.url ?? 'unknown page'} ·{' '}
                  <DateTimeText value={report.created_at} />
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** System Health: the server's checks, samples and facts, refreshed every 30 s and on demand. */
export function HealthPage() {
  const [tab, setTab] = useState(0);
  const health = useQuery({
    queryKey: ['admin-health'],
    queryFn: () => adminApi<AdminHealthReport>('/health'),
    refetchInterval: REFRESH_EVERY_MS,
  });
  const errors = useQuery({
    queryKey: ['admin-health', 'error-reports'],
    queryFn: () =>
      adminApi<ErrorReportRecord[]>(
        `/error-reports?range=${encodeURIComponent('[0,4]')}&sort=${encodeURIComponent('["created_at","DESC"]')}`,
      ),
    refetchInterval: REFRESH_EVERY_MS,
  });
  const report = health.data;
  const refreshing = health.isFetching || errors.isFetching;

  return (
    <Box sx={{ py: 2 }}>
      <Title title="System Health" />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Box>
          <Typography variant="h5" component="h1">
            System Health
          </Typography>
          {health.data && (
            <Typography variant="body2" color="text.secondary">
              Instance {health.data.system.instance}: checks are shared, samples and uptime are this
              instance&apos;s own
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {health.dataUpdatedAt > 0 && (
            <Typography variant="body2" color="text.secondary" role="status">
              Last updated {new Date(health.dataUpdatedAt).toLocaleTimeString()}
            </Typography>
          )}
          <Button
            variant="outlined"
            startIcon={<RefreshIcon />}
            disabled={refreshing}
            onClick={() => {
              void health.refetch();
              void errors.refetch();
            }}
          >
            Refresh
          </Button>
        </Stack>
      </Stack>
      {health.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Error loading system health. Please try again
        </Alert>
      )}
      {health.isPending && <LinearProgress aria-label="Loading system health" />}
      {report && (
        <Stack spacing={2}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            <SummaryCard label="Overall Status">
              <Badge
                label={healthStatusLabel(report.status)}
                colour={healthBadgeColour(report.status)}
              />
            </SummaryCard>
            <SummaryCard label="Uptime">{formatUptime(report.uptime_seconds)}</SummaryCard>
            <SummaryCard label="Error Count">
              <span title="Browser error reports and failed background jobs, last 24 hours">
                {report.error_count}
              </span>
            </SummaryCard>
            <SummaryCard label="Checks">{report.check_count}</SummaryCard>
          </Stack>
          <Card variant="outlined">
            <Tabs
              value={tab}
              onChange={(_, value: number) => setTab(value)}
              variant="scrollable"
              scrollButtons="auto"
              allowScrollButtonsMobile
              aria-label="System health"
            >
              <Tab label="Health Checks" />
              <Tab label="Performance Metrics" />
              <Tab label="System Info" />
            </Tabs>
            <CardContent role="tabpanel">
              {tab === 0 && <HealthChecksTab report={report} />}
              {tab === 1 && <PerformanceTab samples={report.samples} />}
              {tab === 2 && <SystemInfoTab system={report.system} />}
            </CardContent>
          </Card>
          <RecentErrorReports reports={errors.data} />
        </Stack>
      )}
    </Box>
  );
}
