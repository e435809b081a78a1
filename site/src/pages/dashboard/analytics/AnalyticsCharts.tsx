import { BarChart } from '@mui/x-charts/BarChart';
import type { Analytics, SignalKind } from '@leadpulse/common';
import { FUNNEL_LABELS, weeklySeries } from '../../../features/analytics/analytics-tables';
import { SIGNAL_LABELS } from '../../../features/leads/lead-labels';

const HEIGHT = 280;

/** A colour of its own for each kind of signal: a stack of thirteen never repeats one. */
const KIND_COLORS: Record<SignalKind, string> = {
  connected: '#3f51b5',
  invitation_received: '#00897b',
  invitation_sent: '#80cbc4',
  message_received: '#e53935',
  message_sent: '#ef9a9a',
  endorsement: '#43a047',
  recommendation: '#9ccc65',
  job_change: '#fb8c00',
  liked_my_post: '#8e24aa',
  commented_my_post: '#ce93d8',
  viewed_my_profile: '#039be5',
  replied: '#fdd835',
  met: '#6d4c41',
};
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
        color: KIND_COLORS[kind],
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
