import { Box, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatUsd, type RevenueMonth } from '@leadpulse/common';
import { monthLabel } from './revenueCards';

const usd = (dollars: number | null) =>
  dollars === null ? '' : formatUsd(Math.round(dollars * 100));

/** An axis tick: "$4k", "-$1.5k", "$750". */
const compactUsd = (dollars: number) =>
  Math.abs(dollars) >= 1_000
    ? `${dollars < 0 ? '-' : ''}$${Number((Math.abs(dollars) / 1_000).toFixed(1))}k`
    : usd(dollars);

/**
 * MRR movements month by month, stacked: what came in above the line (new, expansion,
 * reactivation), what went out below it (contraction, churned); and the signups. Loaded on its
 * own, after the dashboard's figures, so the charts library stays out of the first download.
 */
export function RevenueChart({ months }: { months: RevenueMonth[] }) {
  const labels = months.map((row) => monthLabel(row.month));
  const series = (
    label: string,
    pick: (row: RevenueMonth) => number,
    sign: 1 | -1,
    color: string,
  ) => ({
    label,
    data: months.map((row) => (sign * pick(row)) / 100),
    stack: 'movements',
    stackOffset: 'diverging' as const,
    valueFormatter: usd,
    color,
  });
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
      <Box component="figure" aria-label="MRR movements" sx={{ flex: 2, minWidth: 0, m: 0 }}>
        <Typography variant="subtitle2" component="figcaption">
          MRR movements, last {months.length} months
        </Typography>
        <BarChart
          height={280}
          xAxis={[{ scaleType: 'band', data: labels }]}
          yAxis={[{ valueFormatter: compactUsd, width: 56 }]}
          series={[
            series('New', (row) => row.new_cents, 1, '#2e7d32'),
            series('Expansion', (row) => row.expansion_cents, 1, '#1976d2'),
            series('Reactivation', (row) => row.reactivation_cents, 1, '#7b1fa2'),
            series('Contraction', (row) => row.contraction_cents, -1, '#ed6c02'),
            series('Churned', (row) => row.churned_cents, -1, '#d32f2f'),
          ]}
          margin={{ left: 16, right: 8 }}
        />
      </Box>
      <Box component="figure" aria-label="Signups" sx={{ flex: 1, minWidth: 0, m: 0 }}>
        <Typography variant="subtitle2" component="figcaption">
          Signups, last {months.length} months
        </Typography>
        <BarChart
          height={280}
          xAxis={[{ scaleType: 'band', data: labels }]}
          series={[{ label: 'Signups', data: months.map((row) => row.signups), color: '#455a64' }]}
          margin={{ left: 0, right: 8 }}
        />
      </Box>
    </Stack>
  );
}
