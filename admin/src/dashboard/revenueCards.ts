import { formatUsd, type AdminStats, type FoundingCohort } from '@leadpulse/common';

/** The Users list showing past-due members (its Past Due filter). */
export const PAST_DUE_USERS = `/users?filter=${encodeURIComponent(JSON.stringify({ segment: 'past_due' }))}`;

/** "2026-03" as "Mar 2026". */
export const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A share from 0 to 1 as a percentage with one decimal: "12.5%". */
export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

export interface RevenueCard {
  label: string;
  value: string;
  note: string;
  to?: string;
}

/** The revenue cards beside the spec's seven: MRR, ARR, churn, at-risk revenue, past due. */
export function revenueCards(stats: AdminStats | undefined): RevenueCard[] {
  // A figure not there (yet) reads as still loading rather than as a wrong number.
  const value = <T>(pick: (stats: AdminStats) => T | undefined, format: (value: T) => string) => {
    const figure = stats ? pick(stats) : undefined;
    return figure === undefined || figure === null ? '…' : format(figure);
  };
  return [
    {
      label: 'MRR',
      value: value((s) => s.mrr_cents, formatUsd),
      note: 'Monthly recurring revenue',
    },
    { label: 'ARR', value: value((s) => s.arr_cents, formatUsd), note: 'MRR × 12' },
    {
      label: 'Churn (30d)',
      value: value((s) => s.churn_rate_30d, percent),
      note: 'MRR cancelled in the last 30 days',
    },
    {
      label: 'At-Risk Revenue',
      value: value((s) => s.at_risk_cents, formatUsd),
      note: 'MRR of past-due subscriptions',
    },
    {
      label: 'Past Due',
      value: value(
        (s) => s.past_due_count,
        (count) => count.toLocaleString('en-US'),
      ),
      note: 'View past-due users',
      to: PAST_DUE_USERS,
    },
  ];
}

/** "40 founding members; 30 reached month 4, and 24 of them stayed on Prospector." */
export function cohortText(cohort: FoundingCohort): string {
  if (cohort.members === 0) return 'No founding members yet.';
  const members = `${cohort.members} founding member${cohort.members === 1 ? '' : 's'}`;
  if (cohort.reached_month_4 === 0) return `${members}; none has reached month 4 yet.`;
  return `${members}; ${cohort.reached_month_4} reached month 4, and ${cohort.stayed_on_prospector} of them stayed on Prospector.`;
}
