import type { BreakdownLine } from '@leadpulse/common';

/** A breakdown line's points as the "why" shows them: "+18", "−5", "0". */
export function formatPoints(points: number): string {
  if (points > 0) return `+${points}`;
  if (points < 0) return `−${Math.abs(points)}`;
  return '0';
}

/**
 * The lines of a score's "why", largest contribution first, with their total. A breakdown that
 * does not add up to the score (a lead not yet rescored) says so rather than hiding it.
 */
export function whyLines(
  breakdown: BreakdownLine[],
  score: number,
): { lines: (BreakdownLine & { text: string })[]; total: number; addsUp: boolean } {
  const lines = [...breakdown]
    .sort((a, b) => Math.abs(b.points) - Math.abs(a.points))
    .map((line) => ({ ...line, text: formatPoints(line.points) }));
  const total = breakdown.reduce((sum, line) => sum + line.points, 0);
  return { lines, total, addsUp: total === score };
}

/** How a score reads at a glance: strong from 70 (the ICP preview's bar), fair from 40. */
export function scoreTone(score: number): 'success' | 'warning' | 'default' {
  if (score >= 70) return 'success';
  if (score >= 40) return 'warning';
  return 'default';
}
