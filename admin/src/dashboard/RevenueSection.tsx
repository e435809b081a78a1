import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import {
  REVENUE_COLUMNS,
  formatUsd,
  type FoundingCohort,
  type RevenueMonth,
} from '@leadpulse/common';
import { adminApi } from '../api';
import { MrrCheck } from './MrrCheck';
import { cohortText, monthLabel } from './revenueCards';
import { downloadText, revenueCsv } from './revenueCsv';

const RevenueChart = lazy(() =>
  import('./RevenueChart').then((module) => ({ default: module.RevenueChart })),
);

const MONTHS = 12;
/** In the words of the spec's other load errors ("Error loading ... Please try again"). */
const REVENUE_FAILED = 'Error loading revenue metrics. Please try again.';

function cellText(key: (typeof REVENUE_COLUMNS)[number][0], row: RevenueMonth): string {
  if (key === 'month') return monthLabel(row.month);
  const value = row[key];
  return key.endsWith('_cents') ? formatUsd(value) : value.toLocaleString('en-US');
}

/** The 12-month chart of MRR movements and signups, the monthly table with its CSV, the cohort. */
export function RevenueSection() {
  const months = useQuery({
    queryKey: ['admin', 'metrics', 'revenue', MONTHS],
    queryFn: () => adminApi<RevenueMonth[]>(`/metrics/revenue?months=${MONTHS}`),
    retry: 1,
  });
  const cohort = useQuery({
    queryKey: ['admin', 'metrics', 'founding-cohort'],
    queryFn: () => adminApi<FoundingCohort>('/metrics/founding-cohort'),
    retry: 1,
  });
  const rows = months.data ?? [];

  return (
    <Card variant="outlined" component="section" aria-label="Revenue" sx={{ mt: 2 }}>
      <CardContent>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
        >
          <Typography variant="h6" component="h2">
            Revenue
          </Typography>
          <Button
            startIcon={<DownloadIcon />}
            disabled={rows.length === 0}
            onClick={() => downloadText('revenue.csv', revenueCsv(rows))}
          >
            Export CSV
          </Button>
        </Stack>
        <MrrCheck />
        {months.isError ? (
          <Typography color="error" role="alert">
            {REVENUE_FAILED}
          </Typography>
        ) : months.isPending ? (
          <LinearProgress aria-label="Loading revenue" sx={{ my: 2 }} />
        ) : (
          <>
            <Suspense fallback={<LinearProgress aria-label="Loading charts" sx={{ my: 2 }} />}>
              <RevenueChart months={rows} />
            </Suspense>
            {/* On a phone the table scrolls sideways: a keyboard reaches it, and it is named. */}
            <TableContainer
              sx={{ mt: 2 }}
              tabIndex={0}
              role="region"
              aria-label="Monthly revenue table"
            >
              <Table size="small" aria-label="Monthly revenue">
                <TableHead>
                  <TableRow>
                    {REVENUE_COLUMNS.map(([key, label]) => (
                      <TableCell
                        key={key}
                        align={key === 'month' ? 'left' : 'right'}
                        sx={{ verticalAlign: 'bottom', px: 1 }}
                      >
                        {label}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.month}>
                      {REVENUE_COLUMNS.map(([key]) => (
                        <TableCell
                          key={key}
                          align={key === 'month' ? 'left' : 'right'}
                          sx={{ whiteSpace: 'nowrap', px: 1 }}
                        >
                          {cellText(key, row)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            Founding cohort
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {cohort.isError ? REVENUE_FAILED : cohort.data ? cohortText(cohort.data) : '…'}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
