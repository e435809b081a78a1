/**
 * `GET /api/analytics?from=&to=` (LEADS.md "Analytics"): the funnel of the leads first seen in a
 * period, the signals per week, the score distribution, the median days from a lead's first signal
 * to the meeting, and why leads were won or lost. The period rules live here so the site checks
 * a custom period exactly as the server does.
 */
import type { SignalKind } from './leads.js';

export const FUNNEL_STEPS = [
  'leads',
  'tracked',
  'contacted',
  'conversation',
  'meeting',
  'won',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export interface FunnelEntry {
  step: FunnelStep;
  count: number;
  /** Percent of the previous step that reached this one (one decimal); null for the first step or after a step of 0. */
  conversion: number | null;
}

export interface WeeklySignals {
  /** The week's Monday, `YYYY-MM-DD` (UTC). */
  week: string;
  kind: SignalKind;
  count: number;
}

export interface ScoreBucket {
  /** Scores from `from` to `to`, both included. */
  from: number;
  to: number;
  count: number;
}

export interface ReasonCount {
  /** What the member gave as the reason; null when they gave none. */
  reason: string | null;
  count: number;
}

export interface Analytics {
  /** The period answered, `YYYY-MM-DD`, both days included. */
  from: string;
  to: string;
  funnel: FunnelEntry[];
  /** Only weeks and kinds with signals; a missing pair is 0. */
  signals_per_week: WeeklySignals[];
  /** Ten buckets: 0–9, 10–19, …, 90–100. */
  score_distribution: ScoreBucket[];
  /** Median days (one decimal) from a lead's first signal to its meeting, for meetings in the period; null without any. */
  median_days_to_meeting: number | null;
  /** How many meetings the median was taken over. */
  meetings: number;
  /** Leads won or lost in the period, by the reason given. */
  reasons: { won: ReasonCount[]; lost: ReasonCount[] };
}

/** The query of `GET /api/analytics`. */
export interface AnalyticsQuery {
  from?: string;
  to?: string;
}

/** The period when none is asked for: the last 90 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 90;
/** The longest period answered: two years. */
export const ANALYTICS_MAX_DAYS = 731;

export const ANALYTICS_PERIOD_MESSAGES = {
  date: 'Give the date as YYYY-MM-DD.',
  order: 'The period must start on or before its last day.',
  length: `The period can be at most ${ANALYTICS_MAX_DAYS} days long.`,
} as const;

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` day as milliseconds at its UTC midnight; null when it is not a real day. */
export function parseDay(text: string): number | null {
  if (!ISO_DAY.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text ? null : ms;
}

export function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export type AnalyticsPeriod =
  { ok: true; from: string; to: string } | { ok: false; field: 'from' | 'to'; message: string };

/**
 * The period of a query: `to` defaults to today (UTC), `from` to 90 days up to `to`. A day that is
 * not `YYYY-MM-DD`, a start after the end or a period over two years is refused, naming the field.
 */
export function analyticsPeriod(query: AnalyticsQuery, now: Date = new Date()): AnalyticsPeriod {
  const toText = query.to?.trim() || formatDay(now.getTime());
  const to = parseDay(toText);
  if (to === null) return { ok: false, field: 'to', message: ANALYTICS_PERIOD_MESSAGES.date };
  const fromText = query.from?.trim() || formatDay(to - (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS);
  const from = parseDay(fromText);
  if (from === null) return { ok: false, field: 'from', message: ANALYTICS_PERIOD_MESSAGES.date };
  if (from > to) return { ok: false, field: 'from', message: ANALYTICS_PERIOD_MESSAGES.order };
  if ((to - from) / DAY_MS + 1 > ANALYTICS_MAX_DAYS)
    return { ok: false, field: 'from', message: ANALYTICS_PERIOD_MESSAGES.length };
  return { ok: true, from: fromText, to: toText };
}

/** The Mondays (`YYYY-MM-DD`, UTC) of the weeks a period touches, in order. */
export function periodWeeks(from: string, to: string): string[] {
  const start = parseDay(from);
  const end = parseDay(to);
  if (start === null || end === null || start > end) return [];
  const weekday = (new Date(start).getUTCDay() + 6) % 7;
  const weeks: string[] = [];
  for (let day = start - weekday * DAY_MS; day <= end; day += 7 * DAY_MS)
    weeks.push(formatDay(day));
  return weeks;
}
