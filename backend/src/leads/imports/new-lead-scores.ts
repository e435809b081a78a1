import type { EntityManager } from 'typeorm';
import {
  scoreLead,
  type Icp,
  type ScoreResult,
  type SignalGroup,
  type SignalKind,
} from '@leadpulse/common';
import type { PersonInput } from './linkedin-rows.js';

const DAY_MS = 86_400_000;

export interface NewLeadScore extends ScoreResult {
  last_signal_at: Date | null;
}

/**
 * The scores of the leads a batch creates, from the batch's own signals (a new lead has no
 * other): their `lead_scores` rows are written right after the insert, instead of by a rescore
 * reading them again.
 * The decay is the rescore's own (lead-scores.ts GROUPS): 0.5^(age in days ÷ half-life), the
 * exponent held under 1,000.
 */
export function scoreNewLeads(
  icp: Icp,
  people: Map<string, PersonInput>,
  signals: { leadKey: string; kind: SignalKind; occurred_at: Date; key: string }[],
  now: Date,
): Map<string, NewLeadScore> {
  const groups = new Map<string, Map<SignalKind, SignalGroup>>();
  const seen = new Set<string>();
  for (const signal of signals) {
    if (!people.has(signal.leadKey) || seen.has(signal.key)) continue;
    seen.add(signal.key);
    const kinds = groups.get(signal.leadKey) ?? new Map<SignalKind, SignalGroup>();
    groups.set(signal.leadKey, kinds);
    const group = kinds.get(signal.kind) ?? {
      kind: signal.kind,
      count: 0,
      decayed: 0,
      last_at: signal.occurred_at,
    };
    const days = Math.max(0, now.getTime() - signal.occurred_at.getTime()) / DAY_MS;
    group.count += 1;
    group.decayed += Math.pow(0.5, Math.min(1000, days / icp.half_life_days));
    if (signal.occurred_at > group.last_at) group.last_at = signal.occurred_at;
    kinds.set(signal.kind, group);
  }
  const scores = new Map<string, NewLeadScore>();
  for (const [key, person] of people) {
    const leadGroups = [...(groups.get(key)?.values() ?? [])];
    const result = scoreLead(
      icp,
      {
        position: person.position,
        company: person.company,
        headline: null,
        location: person.location,
      },
      leadGroups,
      now,
    );
    const latest = leadGroups.reduce<Date | null>(
      (at, group) => (at === null || group.last_at > at ? group.last_at : at),
      null,
    );
    scores.set(key, { ...result, last_signal_at: latest });
  }
  return scores;
}

/**
 * The scores of leads just inserted, into the `lead_scores` rows the insert gave them (zeros, by
 * the trigger of the migration SplitLeadScores): a short row each, the lead's own row untouched.
 */
export async function writeNewLeadScores(
  manager: EntityManager,
  workspaceId: string,
  scores: { id: string; result: ScoreResult }[],
): Promise<void> {
  if (scores.length === 0) return;
  await manager.query(
    `UPDATE lead_scores s SET fit = u.fit, intent = u.intent, score = u.score, breakdown = u.breakdown
       FROM unnest($2::uuid[], $3::smallint[], $4::smallint[], $5::smallint[], $6::jsonb[])
            AS u(id, fit, intent, score, breakdown)
      WHERE s.lead_id = u.id AND s.workspace_id = $1`,
    [
      workspaceId,
      scores.map((s) => s.id),
      scores.map((s) => s.result.fit),
      scores.map((s) => s.result.intent),
      scores.map((s) => s.result.score),
      scores.map((s) => JSON.stringify(s.result.breakdown)),
    ],
  );
}
