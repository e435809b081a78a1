/**
 * Lead scoring (LEADS.md "Scoring"): Fit from the ICP's criteria, Intent from decaying signals,
 * Score from both, and a breakdown whose integer points add up to the Score exactly.
 * The ICP itself is in icp.ts, the signal groups in signals.ts.
 */
import type { BreakdownLine } from '../api/leads.js';
import { ICP_FIELD_LABELS, type Icp, type IcpField } from './icp.js';
import {
  hasWords,
  normalizeWords,
  seniorityOf,
  SENIORITIES,
  SENIORITY_LABELS,
  type Seniority,
} from './seniority.js';
import { signalLabel, type SignalGroup } from './signals.js';

/** What scoring reads of a lead. */
export interface LeadFacts {
  position: string | null;
  company: string | null;
  headline: string | null;
  location: string | null;
}

/** A criterion the lead matched, with the value that matched as the member wrote it. */
export interface MatchedCriterion {
  index: number;
  field: IcpField;
  value: string;
  weight: number;
}

export interface FitResult {
  fit: number;
  matched: MatchedCriterion[];
  /** The excluded value found, when one was: Fit is then 0. */
  excluded: string | null;
  totalWeight: number;
}

/** The seniority a criterion's value names, by its key or its label (`c-level`, `C-level`, `Founder/owner`). */
export function seniorityValue(value: string): Seniority | null {
  const words = normalizeWords(value);
  for (const level of SENIORITIES)
    if (words === normalizeWords(level) || words === normalizeWords(SENIORITY_LABELS[level]))
      return level;
  return words === 'owner' ? 'founder' : null;
}

function fieldText(field: IcpField, lead: LeadFacts): string {
  switch (field) {
    case 'title':
      return normalizeWords(lead.position);
    case 'company':
      return normalizeWords(lead.company);
    case 'location':
      return normalizeWords(lead.location);
    case 'industry_keywords':
      return normalizeWords([lead.headline, lead.position, lead.company].filter(Boolean).join(' '));
    case 'seniority':
      return seniorityOf(lead.position);
  }
}

/** An ICP's values normalized once, however many leads it scores (an ICP is never changed in place). */
interface CompiledIcp {
  excluded: { value: string; words: string }[];
  criteria: { value: string; words: string; seniority: Seniority | null }[][];
}
const compiled = new WeakMap<Icp, CompiledIcp>();

function compile(icp: Icp): CompiledIcp {
  let result = compiled.get(icp);
  if (!result) {
    result = {
      excluded: icp.excluded.map((value) => ({ value, words: normalizeWords(value) })),
      criteria: icp.criteria.map((criterion) =>
        criterion.values.map((value) => ({
          value,
          words: normalizeWords(value),
          seniority: criterion.field === 'seniority' ? seniorityValue(value) : null,
        })),
      ),
    };
    compiled.set(icp, result);
  }
  return result;
}

/** Fit: 100 × the matched criteria's weights ÷ all the weights, rounded; 0 when excluded. */
export function computeFit(icp: Icp, lead: LeadFacts): FitResult {
  const totalWeight = icp.criteria.reduce((sum, c) => sum + c.weight, 0);
  const { excluded: excludedValues, criteria } = compile(icp);
  const excludedText = normalizeWords([lead.position, lead.headline, lead.company].join(' '));
  const excluded = excludedValues.find((v) => hasWords(excludedText, v.words))?.value;
  if (excluded !== undefined) return { fit: 0, matched: [], excluded, totalWeight };
  const matched: MatchedCriterion[] = [];
  icp.criteria.forEach((criterion, index) => {
    const text = fieldText(criterion.field, lead);
    const value =
      criterion.field === 'seniority'
        ? criteria[index].find((v) => v.seniority === text)?.value
        : criteria[index].find((v) => hasWords(text, v.words))?.value;
    if (value !== undefined)
      matched.push({ index, field: criterion.field, value, weight: criterion.weight });
  });
  const matchedWeight = matched.reduce((sum, m) => sum + m.weight, 0);
  const fit = totalWeight > 0 ? Math.round((100 * matchedWeight) / totalWeight) : 0;
  return { fit, matched, excluded: null, totalWeight };
}

/** Intent before rounding: Σ weight × decay over the groups, capped at 100. */
export function rawIntent(icp: Icp, groups: SignalGroup[]): number {
  const sum = groups.reduce((s, g) => s + (icp.signal_weights[g.kind] ?? 0) * g.decayed, 0);
  return Math.min(100, sum);
}

export interface ScoreResult {
  fit: number;
  intent: number;
  score: number;
  breakdown: BreakdownLine[];
}

function criterionLabel(m: MatchedCriterion): string {
  const value =
    m.field === 'seniority' ? (SENIORITY_LABELS[m.value as Seniority] ?? m.value) : m.value;
  return `${ICP_FIELD_LABELS[m.field]} matches '${value}'`;
}

/**
 * Shares `total` (an integer) among `weights` in proportion, in integers that add up to it:
 * each gets its quota's floor, and the units left go to the largest remainders (ties to the
 * earlier). All-zero weights give all zeros.
 */
export function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const quotas = weights.map((w) => (total * w) / sum);
  const shares = quotas.map(Math.floor);
  let left = total - shares.reduce((s, n) => s + n, 0);
  const order = quotas
    .map((q, i) => ({ i, remainder: q - Math.floor(q) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/** A lead's Fit, Intent, Score and the breakdown behind them. */
export function scoreLead(
  icp: Icp,
  lead: LeadFacts,
  groups: SignalGroup[],
  now: Date,
): ScoreResult {
  const fitResult = computeFit(icp, lead);
  const raw = rawIntent(icp, groups);
  const intent = Math.round(raw);
  const share = icp.fit_share;
  const score = Math.round(share * fitResult.fit + (1 - share) * intent);

  // What each line brings before rounding: a criterion its share of Fit, a signal group its
  // share of Intent (scaled down with the cap).
  const lines: { label: string; exact: number }[] = fitResult.matched.map((m) => ({
    label: criterionLabel(m),
    exact: (share * 100 * m.weight) / fitResult.totalWeight,
  }));
  const uncapped = groups.reduce((s, g) => s + (icp.signal_weights[g.kind] ?? 0) * g.decayed, 0);
  const cap = uncapped > 100 ? 100 / uncapped : 1;
  const signalLines = [...groups]
    .sort((a, b) => b.last_at.getTime() - a.last_at.getTime())
    .map((g) => ({
      label: signalLabel(g, now),
      exact: (1 - share) * (icp.signal_weights[g.kind] ?? 0) * g.decayed * cap,
    }));
  lines.push(...signalLines);
  const points = apportion(
    score,
    lines.map((l) => l.exact),
  );
  const breakdown: BreakdownLine[] = [];
  if (fitResult.excluded !== null)
    breakdown.push({ label: `Excluded: '${fitResult.excluded}' (Fit 0)`, points: 0 });
  lines.forEach((line, i) => {
    if (points[i] > 0) breakdown.push({ label: line.label, points: points[i] });
  });
  return { fit: fitResult.fit, intent, score, breakdown };
}
