import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Stack,
  Typography,
} from '@mui/material';
import { Title } from 'react-admin';
import type { OverallHealthStatus } from '@leadpulse/common';

interface HealthReport {
  status: OverallHealthStatus;
  checks: Record<string, { status: string; responseTime?: number }>;
  version: string;
  uptime_seconds: number;
}

const REFRESH_EVERY_MS = 30_000;
const COLOURS: Record<string, 'success' | 'warning' | 'error' | 'default'> = {
  healthy: 'success',
  degraded: 'warning',
  unhealthy: 'error',
};

/** A 503 still carries the report, so the body is read whatever the status. */
async function fetchHealth(): Promise<HealthReport> {
  const response = await fetch('/api/health');
  return (await response.json()) as HealthReport;
}

/** System Health: the server's own checks, refreshed every 30 s. */
export function HealthPage() {
  const {
    data: report,
    isError,
    dataUpdatedAt,
    refetch,
  } = useQuery({
    queryKey: ['health'],
    queryFn: fetchHealth,
    refetchInterval: REFRESH_EVERY_MS,
  });
  const updatedAt = dataUpdatedAt ? new Date(dataUpdatedAt) : undefined;

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="System Health" />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'flex-end', mb: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {updatedAt && (
            <Typography variant="body2" color="text.secondary">
              Last updated {updatedAt.toLocaleTimeString()}
            </Typography>
          )}
          <Button variant="outlined" onClick={() => void refetch()}>
            Refresh
          </Button>
        </Stack>
      </Stack>
      {isError && <Alert severity="error">Error loading health checks. Please try again</Alert>}
      {report && (
        <Card>
          <CardHeader
            title={<Chip label={report.status} color={COLOURS[report.status] ?? 'default'} />}
            subheader={`Version ${report.version} · up ${Math.floor(report.uptime_seconds / 60)} min · ${Object.keys(report.checks).length} checks`}
          />
          <CardContent>
            <Stack spacing={1}>
              {Object.entries(report.checks).map(([name, check]) => (
                <Stack key={name} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ minWidth: 120, textTransform: 'capitalize' }}>
                    {name}
                  </Typography>
                  <Chip
                    size="small"
                    label={check.status}
                    color={COLOURS[check.status] ?? 'default'}
                  />
                  {check.responseTime !== undefined && (
                    <Typography variant="body2" color="text.secondary">
                      {check.responseTime} ms
                    </Typography>
                  )}
                </Stack>
              ))}
            </Stack>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
