import { BarChart } from '@mui/x-charts/BarChart';
import type { Analytics } from '@leadpulse/common';
import { FUNNEL_LABELS, weeklySeries } from '../../../features/analytics/analytics-tables';
import { SIGNAL_LABELS } from '../../../features/leads/lead-labels';

const HEIGHT = 280;
const shortDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The funnel as horizontal bars, from all leads down to won. */
export function FunnelChart({ analytics }: { analytics: Analytics }) {
  return (
    <BarChart
      height={HEIGHT}
      layout="horizontal"
      yAxis={[
        {
          scaleType: 'band',
          data: analytics.funnel.map((entry) => FUNNEL_LABELS[entry.step]),
          width: 96,
        },
      ]}
      xAxis={[{ tickMinStep: 1 }]}
      series={[{ data: analytics.funnel.map((entry) => entry.count), label: 'Leads' }]}
      hideLegend
      margin={{ left: 0, right: 16 }}
    />
  );
}

/** Signals per week, stacked by kind. */
export function WeeklySignalsChart({ analytics }: { analytics: Analytics }) {
  const { weeks, kinds, counts } = weeklySeries(analytics);
  return (
    <BarChart
      height={HEIGHT + 60}
      xAxis={[{ scaleType: 'band', data: weeks.map(shortDay) }]}
      yAxis={[{ tickMinStep: 1, width: 40 }]}
      series={kinds.map((kind) => ({
        data: counts[kind],
        label: SIGNAL_LABELS[kind],
        stack: 'signals',
      }))}
      margin={{ left: 0, right: 8 }}
    />
  );
}

/** How many leads score in each tenth of 0–100. */
export function ScoreChart({ analytics }: { analytics: Analytics }) {
  return (
    <BarChart
      height={HEIGHT}
      xAxis={[
        {
          scaleType: 'band',
          data: analytics.score_distribution.map((bucket) => `${bucket.from}–${bucket.to}`),
        },
      ]}
      yAxis={[{ tickMinStep: 1, width: 40 }]}
      series={[
        { data: analytics.score_distribution.map((bucket) => bucket.count), label: 'Leads' },
      ]}
      hideLegend
      margin={{ left: 0, right: 8 }}
    />
  );
}
