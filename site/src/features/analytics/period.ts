import { analyticsPeriod, formatDay, parseDay } from '@leadpulse/common/analytics';

export const PERIOD_PRESETS = [
  { value: '30', label: 'Last 30 days', days: 30 },
  { value: '90', label: 'Last 90 days', days: 90 },
  { value: '365', label: 'Last 12 months', days: 365 },
] as const;
export const DEFAULT_PRESET = '90';
export const CUSTOM = 'custom';

/** The period a preset stands for, ending today (UTC). */
export function presetPeriod(days: number, now = new Date()): { from: string; to: string } {
  const to = formatDay(now.getTime());
  return { from: formatDay(parseDay(to)! - (days - 1) * 86_400_000), to };
}

/**
 * The page's period from its address: `?days=30`, `?from=…&to=…`, or the last 90 days. A custom
 * period is checked as the server checks it, so a bad address shows its error without a request.
 */
export function periodFromSearch(
  search: URLSearchParams,
  now = new Date(),
):
  | { choice: string; from: string; to: string; error?: undefined }
  | { choice: string; from: string; to: string; error: string } {
  const from = search.get('from');
  const to = search.get('to');
  if (from !== null || to !== null) {
    const period = analyticsPeriod({ from: from ?? '', to: to ?? '' }, now);
    return period.ok
      ? { choice: CUSTOM, from: period.from, to: period.to }
      : { choice: CUSTOM, from: from ?? '', to: to ?? '', error: period.message };
  }
  const preset =
    PERIOD_PRESETS.find((entry) => entry.value === search.get('days')) ??
    PERIOD_PRESETS.find((entry) => entry.value === DEFAULT_PRESET)!;
  return { choice: preset.value, ...presetPeriod(preset.days, now) };
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A period's day (`YYYY-MM-DD`, a calendar day) in words, whatever the browser's time zone. */
export function formatPeriodDay(day: string): string {
  const ms = parseDay(day);
  return ms === null ? day : DAY_FORMAT.format(ms);
}
