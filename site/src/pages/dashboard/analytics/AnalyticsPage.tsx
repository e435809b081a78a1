import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import type { Analytics } from '@leadpulse/common';
import { useAnalytics } from '../../../features/analytics/analytics-api';
import {
  funnelTable,
  reasonTable,
  scoreTable,
  weeklyTable,
} from '../../../features/analytics/analytics-tables';
import { formatPeriodDay, periodFromSearch } from '../../../features/analytics/period';
import { ApiErrorAlert } from '../leads/ApiErrorAlert';
import { FunnelChart, ScoreChart, WeeklySignalsChart } from './AnalyticsCharts';
import { FigureSection } from './FigureSection';
import { PeriodPicker } from './PeriodPicker';

function DaysToMeeting({ analytics }: { analytics: Analytics }) {
  const days = analytics.median_days_to_meeting;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="days-to-meeting-title"
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Typography id="days-to-meeting-title" variant="h6" component="h2">
        Days to meeting
      </Typography>
      {days === null ? (
        <Typography color="text.secondary">
          No meetings in this period. Move a lead to Meeting on the pipeline, or log that you met.
        </Typography>
      ) : (
        <Typography>
          <Box component="span" sx={{ fontSize: '2rem', fontWeight: 700, mr: 1 }}>
            {days.toLocaleString('en-US')}
          </Box>
          {days === 1 ? 'day' : 'days'} from a lead’s first signal to the meeting (median of{' '}
          {analytics.meetings} {analytics.meetings === 1 ? 'meeting' : 'meetings'})
        </Typography>
      )}
    </Paper>
  );
}

function Figures({ analytics }: { analytics: Analytics }) {
  return (
    <>
      <FigureSection
        id="funnel"
        title="Funnel"
        description="The leads first seen in this period and how far each got in your pipeline."
        table={funnelTable(analytics)}
        chart={<FunnelChart analytics={analytics} />}
        empty="No leads were first seen in this period."
      />
      <DaysToMeeting analytics={analytics} />
      <FigureSection
        id="signals-per-week"
        title="Signals per week"
        description="Every signal of the period by week (starting Monday) and kind."
        table={weeklyTable(analytics)}
        chart={<WeeklySignalsChart analytics={analytics} />}
        empty="No signals in this period."
      />
      <FigureSection
        id="score-distribution"
        title="Score distribution"
        description="The current scores of the leads first seen in this period."
        table={scoreTable(analytics)}
        chart={<ScoreChart analytics={analytics} />}
        empty="No leads were first seen in this period."
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <FigureSection
          id="won-reasons"
          title="Why leads were won"
          description="Leads moved to Won in this period, by the reason you gave."
          table={reasonTable(analytics.reasons.won)}
          empty="No leads won in this period."
        />
        <FigureSection
          id="lost-reasons"
          title="Why leads were lost"
          description="Leads moved to Lost in this period, by the reason you gave."
          table={reasonTable(analytics.reasons.lost)}
          empty="No leads lost in this period."
        />
      </Box>
    </>
  );
}

/** Nothing at all in the period: one clear next step instead of five empty figures. */
function isEmpty(analytics: Analytics): boolean {
  return (
    analytics.funnel[0].count === 0 &&
    analytics.signals_per_week.length === 0 &&
    analytics.meetings === 0 &&
    analytics.reasons.won.length + analytics.reasons.lost.length === 0
  );
}

/** The analytics of the lead workspace for a chosen period (LEADS.md "Analytics"). */
export function AnalyticsPage() {
  const [search, setSearch] = useSearchParams();
  const period = periodFromSearch(search);
  const analytics = useAnalytics({ from: period.from, to: period.to }, !period.error);

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Analytics
        </Typography>
        <Typography color="text.secondary">
          Your funnel from lead to won, and the signals that led there.
          {!period.error && ` ${formatPeriodDay(period.from)} to ${formatPeriodDay(period.to)}.`}
        </Typography>
      </Box>
      <PeriodPicker
        key={`${period.choice}:${period.from}:${period.to}`}
        choice={period.choice}
        from={period.from}
        to={period.to}
        onPreset={(days) => setSearch({ days })}
        onCustom={(from, to) => setSearch({ from, to })}
      />
      {period.error ? (
        <Alert severity="error">{period.error}</Alert>
      ) : analytics.isPending ? (
        <Stack spacing={3} aria-busy="true" aria-label="Loading analytics">
          <Skeleton variant="rounded" height={320} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      ) : analytics.isError ? (
        <ApiErrorAlert error={analytics.error} onRetry={() => void analytics.refetch()} />
      ) : (
        <>
          {analytics.isFetching && <LinearProgress aria-label="Loading analytics" />}
          {isEmpty(analytics.data) ? (
            <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
              <Typography variant="h6" component="h2">
                Nothing to count in this period
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                Analytics counts your leads, their signals and your pipeline. Choose a longer
                period, or import your LinkedIn export to bring your leads in.
              </Typography>
              <Button component={RouterLink} to="/dashboard/imports" variant="contained">
                Import leads
              </Button>
            </Paper>
          ) : (
            <Figures analytics={analytics.data} />
          )}
        </>
      )}
    </Stack>
  );
}
