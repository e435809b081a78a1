import { Box, Stack, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import type { HealthSample } from '@leadpulse/common';

const time = (value: Date) =>
  value.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

function Chart({
  title,
  samples,
  series,
}: {
  title: string;
  samples: HealthSample[];
  series: { key: keyof HealthSample; label: string }[];
}) {
  return (
    <Box sx={{ flex: 1, minWidth: 0, m: 0 }} component="figure" aria-label={title}>
      <Typography variant="subtitle2" component="figcaption">
        {title}
      </Typography>
      <LineChart
        height={220}
        xAxis={[
          {
            data: samples.map((sample) => new Date(sample.at)),
            scaleType: 'time',
            valueFormatter: time,
          },
        ]}
        series={series.map(({ key, label }) => ({
          data: samples.map((sample) => sample[key] as number | null),
          label,
          showMark: false,
          connectNulls: true,
        }))}
        margin={{ left: 0, right: 8 }}
      />
    </Box>
  );
}

/** The last 100 samples as two small charts: memory, and the time things take. */
export function SampleCharts({ samples }: { samples: HealthSample[] }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Chart
        title={`Memory (MB), last ${samples.length} samples`}
        samples={samples}
        series={[
          { key: 'heap_used_mb', label: 'Heap' },
          { key: 'rss_mb', label: 'RSS' },
        ]}
      />
      <Chart
        title="Latency (ms)"
        samples={samples}
        series={[
          { key: 'avg_response_ms', label: 'Avg response' },
          { key: 'db_response_ms', label: 'Database' },
          { key: 'event_loop_lag_p99_ms', label: 'Event-loop lag p99' },
        ]}
      />
    </Stack>
  );
}
