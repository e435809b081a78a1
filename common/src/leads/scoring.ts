/**
 * Lead scoring (LEADS.md "Scoring"): Fit from the ICP's criteria, Intent from decaying signals,
 * Score from both, and a breakdown whose integer points add up to the Score exactly.
 */
import type { BreakdownLine, SignalKind } from '../api/leads.js';
import { SIGNAL_KINDS } from '../api/leads.js';
import {
  hasWords,
  normalizeWords,
  seniorityOf,
  SENIORITIES,
  SENIORITY_LABELS,
  type Seniority,
} from './seniority.js';

export const ICP_FIELDS = [
  'title',
  'seniority',
  'company',
  'industry_keywords',
  'location',
] as const;
export type IcpField = (typeof ICP_FIELDS)[number];

export const ICP_FIELD_LABELS: Record<IcpField, string> = {
  title: 'Title',
  seniority: 'Seniority',
  company: 'Company',
  industry_keywords: 'Keywords',
  location: 'Location',
};

export interface IcpCriterion {
  field: IcpField;
  values: string[];
  /** 1–5. */
  weight: number;
}

export interface Icp {
  criteria: IcpCriterion[];
  /** Values that, found in the title, headline or company, make Fit 0. */
  excluded: string[];
  signal_weights: Record<SignalKind, number>;
  half_life_days: number;
  /** 0–1: the Fit's share of the Score, the rest being Intent's. */
  fit_share: number;
}

/** The bounds an ICP is held to (PUT /api/icp answers 400 past them). */
export const ICP_LIMITS = {
  criteria: 20,
  values: 50,
  excluded: 100,
  value_length: 100,
  weight: { min: 1, max: 5 },
  signal_weight: { min: 0, max: 100 },
  half_life_days: { min: 1, max: 365 },
  fit_share: { min: 0, max: 1 },
} as const;

export const DEFAULT_SIGNAL_WEIGHTS: Record<SignalKind, number> = {
  met: 40,
  commented_my_post: 30,
  message_received: 25,
  replied: 25,
  invitation_received: 20,
  recommendation: 20,
  liked_my_post: 15,
  job_change: 15,
  viewed_my_profile: 10,
  endorsement: 10,
  connected: 10,
  message_sent: 5,
  invitation_sent: 5,
};

/** A new member's ICP: decision-makers, the default signal weights, a 14-day half-life. */
export function defaultIcp(): Icp {
  return {
    criteria: [
      { field: 'seniority', values: ['founder', 'c-level', 'vp', 'head', 'director'], weight: 5 },
    ],
    excluded: ['student', 'intern', 'recruiter'],
    signal_weights: { ...DEFAULT_SIGNAL_WEIGHTS },
    half_life_days: 14,
    fit_share: 0.6,
  };
}

/** What a problem with an ICP is: the field and the sentence for it. */
export interface IcpProblem {
  field: string;
  message: string;
}

/** Control characters and halves of a character (lone surrogates) have no place in a value. */
const NOT_PLAIN_TEXT =
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why an ICP cannot be saved; empty when it can. */
export function icpProblems(icp: unknown): IcpProblem[] {
  const problems: IcpProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  if (!icp || typeof icp !== 'object') return [{ field: 'icp', message: 'Send an ICP object.' }];
  const value = icp as Partial<Record<keyof Icp, unknown>>;
  const isText = (v: unknown) =>
    typeof v === 'string' &&
    v.trim().length > 0 &&
    v.length <= ICP_LIMITS.value_length &&
    !NOT_PLAIN_TEXT.test(v);
  if (!Array.isArray(value.criteria) || value.criteria.length > ICP_LIMITS.criteria)
    add('criteria', `Give at most ${ICP_LIMITS.criteria} criteria.`);
  else
    value.criteria.forEach((criterion: unknown, i) => {
      const c = (criterion ?? {}) as Partial<Record<keyof IcpCriterion, unknown>>;
      if (!ICP_FIELDS.includes(c.field as IcpField))
        add(`criteria.${i}.field`, `Choose a field: ${ICP_FIELDS.join(', ')}.`);
      if (
        !Array.isArray(c.values) ||
        c.values.length === 0 ||
        c.values.length > ICP_LIMITS.values ||
        !c.values.every(isText)
      )
        add(
          `criteria.${i}.values`,
          `Give 1 to ${ICP_LIMITS.values} values of up to ${ICP_LIMITS.value_length} characters.`,
        );
      if (!Number.isInteger(c.weight) || (c.weight as number) < 1 || (c.weight as number) > 5)
        add(`criteria.${i}.weight`, 'A weight is a whole number from 1 to 5.');
    });
  if (
    !Array.isArray(value.excluded) ||
    value.excluded.length > ICP_LIMITS.excluded ||
    !value.excluded.every(isText)
  )
    add(
      'excluded',
      `Give at most ${ICP_LIMITS.excluded} excluded values of up to ${ICP_LIMITS.value_length} characters.`,
    );
  const weights = value.signal_weights as Record<string, unknown> | undefined;
  if (!weights || typeof weights !== 'object' || Array.isArray(weights))
    add('signal_weights', 'Give a weight for each kind of signal.');
  else
    for (const [kind, weight] of Object.entries(weights)) {
      if (!SIGNAL_KINDS.includes(kind as SignalKind))
        add(`signal_weights.${kind}`, 'This is not a kind of signal.');
      else if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0 || weight > 100)
        add(`signal_weights.${kind}`, 'A signal weight is a number from 0 to 100.');
    }
  const halfLife = value.half_life_days;
  if (typeof halfLife !== 'number' || !Number.isFinite(halfLife) || halfLife < 1 || halfLife > 365)
    add('half_life_days', 'The half-life is a number of days from 1 to 365.');
  const share = value.fit_share;
  if (typeof share !== 'number' || !Number.isFinite(share) || share < 0 || share > 1)
    add('fit_share', 'The fit share is a number from 0 to 1.');
  return problems;
}

/** An ICP as saved: defaults for the signal weights left out, values trimmed. */
export function normalizeIcp(icp: Icp): Icp {
  return {
    criteria: icp.criteria.map((c) => ({
      field: c.field,
      values: c.values.map((v) => v.trim()),
      weight: c.weight,
    })),
    excluded: icp.excluded.map((v) => v.trim()),
    signal_weights: { ...DEFAULT_SIGNAL_WEIGHTS, ...icp.signal_weights },
    half_life_days: icp.half_life_days,
    fit_share: icp.fit_share,
  };
}

/** What scoring reads of a lead. */
export interface LeadFacts {
  position: string | null;
  company: string | null;
  headline: string | null;
  location: string | null;
}

/** A lead's signals of one kind: how many, their decayed sum Σ 0.5^(age/half-life), the latest. */
export interface SignalGroup {
  kind: SignalKind;
  count: number;
  decayed: number;
  last_at: Date;
}

const DAY_MS = 86_400_000;

/** How much one signal of `age` days still counts: 1 today, ½ after a half-life. */
export function decayFactor(ageDays: number, halfLifeDays: number): number {
  return Math.pow(0.5, Math.max(0, ageDays) / halfLifeDays);
}

/** The signals grouped by kind, as the database's aggregate gives them. */
export function groupSignals(
  signals: { kind: SignalKind; occurred_at: Date }[],
  halfLifeDays: number,
  now: Date,
): SignalGroup[] {
  const groups = new Map<SignalKind, SignalGroup>();
  for (const signal of signals) {
    const age = (now.getTime() - signal.occurred_at.getTime()) / DAY_MS;
    const group = groups.get(signal.kind) ?? {
      kind: signal.kind,
      count: 0,
      decayed: 0,
      last_at: signal.occurred_at,
    };
    group.count += 1;
    group.decayed += decayFactor(age, halfLifeDays);
    if (signal.occurred_at > group.last_at) group.last_at = signal.occurred_at;
    groups.set(signal.kind, group);
  }
  return [...groups.values()];
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

const SIGNAL_LABELS: Record<SignalKind, [one: string, many: string]> = {
  connected: ['Connected with you', 'Connected with you'],
  invitation_received: ['Sent you an invitation', 'Sent you {n} invitations'],
  invitation_sent: ['You invited them', 'You invited them {n} times'],
  message_received: ['Messaged you', 'Messaged you {n} times'],
  message_sent: ['You messaged them', 'You messaged them {n} times'],
  endorsement: ['Endorsed you', 'Endorsed you {n} times'],
  recommendation: ['Recommended you', 'Recommended you {n} times'],
  job_change: ['Changed jobs', 'Changed jobs {n} times'],
  liked_my_post: ['Liked your post', 'Liked your posts {n} times'],
  commented_my_post: ['Commented on your post', 'Commented on your posts {n} times'],
  viewed_my_profile: ['Viewed your profile', 'Viewed your profile {n} times'],
  replied: ['Replied to you', 'Replied to you {n} times'],
  met: ['Met you', 'Met you {n} times'],
};

/** "today", "yesterday", "3 days ago". */
export function daysAgo(at: Date, now: Date): string {
  const days = Math.max(0, Math.floor((now.getTime() - at.getTime()) / DAY_MS));
  return days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`;
}

/** The line of a signal group: "Commented on your post 3 days ago", "Liked your posts 4 times, last today". */
export function signalLabel(group: SignalGroup, now: Date): string {
  const [one, many] = SIGNAL_LABELS[group.kind];
  const when = daysAgo(group.last_at, now);
  return group.count === 1
    ? `${one} ${when}`
    : `${many.replace('{n}', String(group.count))}, last ${when}`;
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
