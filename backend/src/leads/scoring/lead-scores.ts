import type { EntityManager } from 'typeorm';
import { scoreEventsSql } from '../automation/automation-events.js';
import {
  defaultIcp,
  scoreLead,
  type Icp,
  type LeadFacts,
  type ScoreResult,
  type SignalGroup,
  type SignalKind,
} from '@leadpulse/common';

/** Leads read and written per statement. */
export const SCORE_BATCH = 1000;

/** A workspace's ICP (the default until the member saves one) and its version (0: the default). */
export async function loadIcp(
  manager: EntityManager,
  workspaceId: string,
): Promise<{ icp: Icp; version: number; saved: boolean }> {
  const [row] = (await manager.query(
    `SELECT icp, version FROM workspace_icps WHERE workspace_id = $1`,
    [workspaceId],
  )) as { icp: Icp; version: number }[];
  return row
    ? { icp: row.icp, version: row.version, saved: true }
    : { icp: defaultIcp(), version: 0, saved: false };
}

export interface ScoringRow extends LeadFacts {
  id: string;
  first_name: string;
  last_name: string;
  /** The score as it stands. */
  score: number;
  groups: { kind: SignalKind; count: number; decayed: number; last_at: string }[];
}

/**
 * Each lead's signals by kind: how many, their decayed sum (Σ 0.5^(age in days ÷ half-life)) and
 * the latest, from the (lead_id, occurred_at) index. The exponent is held under 1,000, past which
 * a signal counts for nothing anyway, as PostgreSQL's power() refuses to underflow.
 */
const GROUPS = `COALESCE((
    SELECT json_agg(json_build_object('kind', g.kind, 'count', g.n, 'decayed', g.decayed, 'last_at', g.last_at))
      FROM (SELECT s.kind, count(*)::int AS n, max(s.occurred_at) AS last_at,
                   sum(power(0.5, LEAST(1000, GREATEST(0, extract(epoch FROM $2::timestamptz - s.occurred_at)) / 86400 / $3::float8)))::float8 AS decayed
              FROM lead_signals s WHERE s.lead_id = l.id GROUP BY s.kind) g), '[]'::json) AS groups`;
/** The lead's facts and its current score (one look-up by key, whatever the table's statistics). */
const FACTS = `l.id, l.first_name, l.last_name, l.position, l.company, l.headline, l.location,
  (SELECT s.score FROM lead_scores s WHERE s.lead_id = l.id) AS score`;

/** One batch of the workspace's leads after `afterId` (by id), with their signal groups. */
export async function readBatch(
  manager: EntityManager,
  workspaceId: string,
  afterId: string | null,
  halfLifeDays: number,
  now: Date,
  onlyWithSignals = false,
): Promise<ScoringRow[]> {
  return (await manager.query(
    `SELECT ${FACTS}, ${GROUPS}
       FROM leads l
      WHERE l.workspace_id = $1 AND ($4::uuid IS NULL OR l.id > $4)
        ${onlyWithSignals ? 'AND l.last_signal_at IS NOT NULL' : ''}
      ORDER BY l.id LIMIT ${SCORE_BATCH}`,
    [workspaceId, now, halfLifeDays, afterId],
  )) as ScoringRow[];
}

export function groupsOf(row: ScoringRow): SignalGroup[] {
  return row.groups.map((g) => ({ ...g, last_at: new Date(g.last_at) }));
}

/**
 * Writes the scores of a batch to `lead_scores` (a short row and two index entries per lead, where
 * the lead's own row would cost fifteen), and each lead's latest signal to `leads` where it
 * changed, in one statement; unchanged leads are left alone. A score that rises past an
 * automation rule's threshold queues that rule's event in the same statement.
 */
export async function writeScores(
  manager: EntityManager,
  workspaceId: string,
  scores: { id: string; result: ScoreResult; previous: number; lastSignalAt: string | null }[],
): Promise<void> {
  if (scores.length === 0) return;
  await manager.query(
    `WITH given AS (
       SELECT * FROM unnest($2::uuid[], $3::smallint[], $4::smallint[], $5::smallint[], $6::jsonb[], $7::smallint[], $8::timestamptz[])
              AS u(id, fit, intent, score, breakdown, previous, last_signal_at)
     ), signaled AS (
       UPDATE leads l SET last_signal_at = u.last_signal_at
         FROM given u
        WHERE l.id = u.id AND l.workspace_id = $1 AND l.last_signal_at IS DISTINCT FROM u.last_signal_at
     ), updated AS (
       UPDATE lead_scores s
          SET fit = u.fit, intent = u.intent, score = u.score, breakdown = u.breakdown
         FROM given u
        WHERE s.lead_id = u.id AND s.workspace_id = $1
          AND (s.fit, s.intent, s.score, s.breakdown) IS DISTINCT FROM (u.fit, u.intent, u.score, u.breakdown)
       RETURNING s.lead_id AS id, u.previous::int AS previous, s.score::int AS score
     )
     ${scoreEventsSql()}`,
    [
      workspaceId,
      scores.map((s) => s.id),
      scores.map((s) => s.result.fit),
      scores.map((s) => s.result.intent),
      scores.map((s) => s.result.score),
      scores.map((s) => JSON.stringify(s.result.breakdown)),
      scores.map((s) => s.previous),
      scores.map((s) => s.lastSignalAt),
    ],
  );
}

/** Scores a batch read by readBatch; each lead's latest signal comes with it. */
export function scoreRows(icp: Icp, rows: ScoringRow[], now: Date) {
  return rows.map((row) => ({
    id: row.id,
    result: scoreLead(icp, row, groupsOf(row), now),
    previous: row.score,
    lastSignalAt: row.groups.reduce<string | null>(
      (latest, group) =>
        latest === null || new Date(group.last_at) > new Date(latest) ? group.last_at : latest,
      null,
    ),
  }));
}

/**
 * Rescores these leads of the workspace now (a new signal, an edit, an import's batch): one read
 * and one write per 1,000 leads, in the caller's transaction.
 */
export async function rescoreLeads(
  manager: EntityManager,
  workspaceId: string,
  leadIds: string[],
  now = new Date(),
): Promise<void> {
  const ids = [...new Set(leadIds)];
  if (ids.length === 0) return;
  const { icp } = await loadIcp(manager, workspaceId);
  for (let i = 0; i < ids.length; i += SCORE_BATCH) {
    const rows = (await manager.query(
      `SELECT ${FACTS}, ${GROUPS} FROM leads l WHERE l.workspace_id = $1 AND l.id = ANY($4::uuid[])`,
      [workspaceId, now, icp.half_life_days, ids.slice(i, i + SCORE_BATCH)],
    )) as ScoringRow[];
    await writeScores(manager, workspaceId, scoreRows(icp, rows, now));
  }
}
