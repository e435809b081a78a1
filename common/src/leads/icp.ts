// The ICP (LEADS.md "Scoring"): its fields, bounds, default, validation and normalization.
import type { SignalKind } from '../api/leads.js';
import { SIGNAL_KINDS } from '../api/leads.js';

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
