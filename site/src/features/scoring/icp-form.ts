import type { Icp, IcpAnswer, IcpCriterion, IcpField, IcpProblem } from '@leadpulse/common';
import { ICP_FIELDS } from '@leadpulse/common';

/** The ICP an answer holds, without what only the server says (default flag, rescoring). */
export function icpOf(answer: IcpAnswer): Icp {
  const { criteria, excluded, signal_weights, half_life_days, fit_share } = answer;
  return { criteria, excluded, signal_weights, half_life_days, fit_share };
}

/** Values as typed: trimmed, empty ones dropped, and each said once whatever its case. */
export function cleanValues(values: string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    const key = value.toLocaleLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    kept.push(value);
  }
  return kept;
}

/** A new criterion on the first field not used yet, of middle weight. */
export function newCriterion(criteria: IcpCriterion[]): IcpCriterion {
  const used = new Set(criteria.map((c) => c.field));
  const field: IcpField = ICP_FIELDS.find((f) => !used.has(f)) ?? 'title';
  return { field, values: [], weight: 3 };
}

/** The problem of one field of the form (`criteria.0.values`), or of any field under a prefix. */
export function problemOf(problems: IcpProblem[], prefix: string): string | undefined {
  return problems.find((p) => p.field === prefix || p.field.startsWith(`${prefix}.`))?.message;
}

/** Whether the form holds changes not saved. */
export function isChanged(saved: Icp | undefined, edited: Icp): boolean {
  return !saved || JSON.stringify(saved) !== JSON.stringify(edited);
}
