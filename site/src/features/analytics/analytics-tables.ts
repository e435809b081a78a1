import { SIGNAL_KINDS, type SignalKind } from '@leadpulse/common';
import type { Analytics, FunnelStep, ReasonCount } from '@leadpulse/common';
import { periodWeeks } from '@leadpulse/common/analytics';
import { saveFile } from '../download/save-file';
import { SIGNAL_LABELS } from '../leads/lead-labels';

/** A table of figures, as the page shows it beside its chart and as its CSV download holds it. */
export interface FigureTable {
  columns: string[];
  rows: (string | number)[][];
}

export const FUNNEL_LABELS: Record<FunnelStep, string> = {
  leads: 'Leads',
  tracked: 'Tracked',
  contacted: 'Contacted',
  conversation: 'Conversation',
  meeting: 'Meeting',
  won: 'Won',
};

export const NO_REASON = 'No reason given';

/** A conversion in words: "75%", or a dash when there is nothing to convert from. */
export function percent(value: number | null): string {
  return value === null ? '–' : `${value.toLocaleString('en-US')}%`;
}

export function funnelTable(analytics: Analytics): FigureTable {
  return {
    columns: ['Step', 'Leads', 'Conversion from the previous step'],
    rows: analytics.funnel.map((entry) => [
      FUNNEL_LABELS[entry.step],
      entry.count,
      percent(entry.conversion),
    ]),
  };
}

/** The kinds that occur in the period, in the product's order. */
export function signalKindsOf(analytics: Analytics): SignalKind[] {
  const present = new Set(analytics.signals_per_week.map((row) => row.kind));
  return SIGNAL_KINDS.filter((kind) => present.has(kind));
}

/** Every week of the period (empty weeks included) with a count per kind present; none without signals. */
export function weeklySeries(analytics: Analytics): {
  weeks: string[];
  kinds: SignalKind[];
  counts: Record<SignalKind, number[]>;
} {
  const kinds = signalKindsOf(analytics);
  const weeks = kinds.length > 0 ? periodWeeks(analytics.from, analytics.to) : [];
  const counts = Object.fromEntries(kinds.map((kind) => [kind, weeks.map(() => 0)])) as Record<
    SignalKind,
    number[]
  >;
  for (const row of analytics.signals_per_week) {
    const index = weeks.indexOf(row.week);
    if (index >= 0) counts[row.kind][index] += row.count;
  }
  return { weeks, kinds, counts };
}

export function weeklyTable(analytics: Analytics): FigureTable {
  const { weeks, kinds, counts } = weeklySeries(analytics);
  return {
    columns: ['Week of', ...kinds.map((kind) => SIGNAL_LABELS[kind]), 'Total'],
    rows: weeks.map((week, index) => {
      const cells = kinds.map((kind) => counts[kind][index]);
      return [week, ...cells, cells.reduce((sum, count) => sum + count, 0)];
    }),
  };
}

export function scoreTable(analytics: Analytics): FigureTable {
  return {
    columns: ['Score', 'Leads'],
    rows: analytics.score_distribution.map((bucket) => [
      `${bucket.from}–${bucket.to}`,
      bucket.count,
    ]),
  };
}

export function reasonTable(reasons: ReasonCount[]): FigureTable {
  return {
    columns: ['Reason', 'Leads'],
    rows: reasons.map((entry) => [entry.reason ?? NO_REASON, entry.count]),
  };
}

/** A cell a spreadsheet would read as a formula starts with a quote instead. */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(table: FigureTable): string {
  return (
    [table.columns, ...table.rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
  );
}

/** Saves a table as a CSV file. */
export function downloadCsv(table: FigureTable, fileName: string): void {
  saveFile(new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' }), fileName);
}
