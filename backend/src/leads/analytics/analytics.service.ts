import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Analytics, FunnelEntry, ReasonCount, SignalKind } from '@leadpulse/common';
import { FUNNEL_STEPS } from '@leadpulse/common/analytics';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';

/** A funnel step's index for a stage: `lost` counts as tracked, a later stage for the earlier ones. */
const STAGE_RANK = `CASE to_stage WHEN 'new' THEN 1 WHEN 'lost' THEN 1 WHEN 'contacted' THEN 2
  WHEN 'conversation' THEN 3 WHEN 'meeting' THEN 4 WHEN 'won' THEN 5 ELSE 0 END`;

/**
 * The leads first seen in the period ($2 ≤ first touch < $3): a lead's first touch is the earliest
 * of its first signal and its addition, so a connection of years ago imported today is not new.
 * Each comes with its current score and the furthest stage it had reached by the period's end
 * (from the stage history, so a lost lead still counts for the meeting it had).
 */
const COHORT = `
  first_signal AS (
    SELECT lead_id, min(occurred_at) AS first_at FROM lead_signals
     WHERE workspace_id = $1 GROUP BY lead_id
  ), reach AS (
    SELECT lead_id, max(${STAGE_RANK}) AS rank FROM lead_stage_changes
     WHERE workspace_id = $1 AND changed_at < $3 GROUP BY lead_id
  ), cohort AS (
    SELECT l.id, s.score, COALESCE(r.rank, 0) AS rank
      FROM leads l
      JOIN lead_scores s ON s.lead_id = l.id
      LEFT JOIN first_signal f ON f.lead_id = l.id
      LEFT JOIN reach r ON r.lead_id = l.id
     WHERE l.workspace_id = $1
       AND LEAST(l.created_at, COALESCE(f.first_at, l.created_at)) >= $2
       AND LEAST(l.created_at, COALESCE(f.first_at, l.created_at)) < $3
  )`;

/** Percent of the previous step, one decimal. */
function conversion(count: number, previous: number | undefined): number | null {
  if (previous === undefined || previous === 0) return null;
  return Math.round((count / previous) * 1000) / 10;
}

/** The answer of `GET /api/analytics`: every figure is one set-based query over the workspace. */
@Injectable()
export class AnalyticsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async analytics(
    workspace: WorkspaceContext,
    period: { from: string; to: string },
  ): Promise<Analytics> {
    const start = new Date(`${period.from}T00:00:00Z`);
    const end = new Date(Date.parse(`${period.to}T00:00:00Z`) + 86_400_000);
    const params = [workspace.id, start, end];
    const [funnel, weeks, scores, meeting, reasons] = await Promise.all([
      this.funnel(params),
      this.dataSource.query(
        `SELECT to_char(date_trunc('week', occurred_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
                kind, count(*)::int AS count
           FROM lead_signals WHERE workspace_id = $1 AND occurred_at >= $2 AND occurred_at < $3
          GROUP BY 1, 2 ORDER BY 1, kind COLLATE "C"`,
        params,
      ) as Promise<{ week: string; kind: SignalKind; count: number }[]>,
      this.dataSource.query(
        `WITH ${COHORT}
         SELECT b.bucket, count(cohort.id)::int AS count
           FROM generate_series(0, 9) AS b(bucket)
           LEFT JOIN cohort ON LEAST(cohort.score / 10, 9) = b.bucket
          GROUP BY b.bucket ORDER BY b.bucket`,
        params,
      ) as Promise<{ bucket: number; count: number }[]>,
      this.medianDaysToMeeting(params),
      this.dataSource.query(
        `WITH closed AS (
           SELECT lead_id, to_stage, max(changed_at) AS closed_at FROM lead_stage_changes
            WHERE workspace_id = $1 AND to_stage IN ('won', 'lost') GROUP BY lead_id, to_stage
         )
         SELECT l.stage, l.stage_reason AS reason, count(*)::int AS count
           FROM leads l JOIN closed c ON c.lead_id = l.id AND c.to_stage = l.stage
          WHERE l.workspace_id = $1 AND c.closed_at >= $2 AND c.closed_at < $3
          GROUP BY l.stage, l.stage_reason
          ORDER BY count(*) DESC, l.stage_reason NULLS LAST`,
        params,
      ) as Promise<{ stage: 'won' | 'lost'; reason: string | null; count: number }[]>,
    ]);
    const reasonsOf = (stage: 'won' | 'lost'): ReasonCount[] =>
      reasons
        .filter((row) => row.stage === stage)
        .map((row) => ({ reason: row.reason, count: row.count }));
    return {
      from: period.from,
      to: period.to,
      funnel,
      signals_per_week: weeks.map((row) => ({ week: row.week, kind: row.kind, count: row.count })),
      score_distribution: scores.map((row) => ({
        from: row.bucket * 10,
        to: row.bucket === 9 ? 100 : row.bucket * 10 + 9,
        count: row.count,
      })),
      median_days_to_meeting: meeting.median,
      meetings: meeting.count,
      reasons: { won: reasonsOf('won'), lost: reasonsOf('lost') },
    };
  }

  /** The cohort's leads, then those that reached each stage (a later stage counts for the earlier ones). */
  private async funnel(params: unknown[]): Promise<FunnelEntry[]> {
    const [row] = (await this.dataSource.query(
      `WITH ${COHORT}
       SELECT count(*)::int AS leads,
              count(*) FILTER (WHERE rank >= 1)::int AS tracked,
              count(*) FILTER (WHERE rank >= 2)::int AS contacted,
              count(*) FILTER (WHERE rank >= 3)::int AS conversation,
              count(*) FILTER (WHERE rank >= 4)::int AS meeting,
              count(*) FILTER (WHERE rank >= 5)::int AS won
         FROM cohort`,
      params,
    )) as Record<(typeof FUNNEL_STEPS)[number], number>[];
    return FUNNEL_STEPS.map((step, index) => ({
      step,
      count: row[step],
      conversion: conversion(row[step], index > 0 ? row[FUNNEL_STEPS[index - 1]] : undefined),
    }));
  }

  /**
   * A lead's meeting is its first logged `met` signal or its first move to Meeting (or straight to
   * Won), whichever came first; the median is over the meetings in the period, counted in days
   * from the lead's first signal (0 when the meeting is the first thing we know of).
   */
  private async medianDaysToMeeting(
    params: unknown[],
  ): Promise<{ median: number | null; count: number }> {
    const [row] = (await this.dataSource.query(
      `WITH first_signal AS (
         SELECT lead_id, min(occurred_at) AS first_at FROM lead_signals
          WHERE workspace_id = $1 GROUP BY lead_id
       ), meeting AS (
         SELECT lead_id, min(at) AS met_at FROM (
           SELECT lead_id, occurred_at AS at FROM lead_signals
            WHERE workspace_id = $1 AND kind = 'met'
           UNION ALL
           SELECT lead_id, changed_at FROM lead_stage_changes
            WHERE workspace_id = $1 AND to_stage IN ('meeting', 'won')
         ) m GROUP BY lead_id
       )
       SELECT percentile_cont(0.5) WITHIN GROUP (
                ORDER BY GREATEST(0, extract(epoch FROM m.met_at - f.first_at) / 86400)
              ) AS median,
              count(*)::int AS count
         FROM meeting m JOIN first_signal f ON f.lead_id = m.lead_id
        WHERE m.met_at >= $2 AND m.met_at < $3`,
      params,
    )) as { median: number | string | null; count: number }[];
    const median = row.median === null ? null : Math.round(Number(row.median) * 10) / 10;
    return { median, count: row.count };
  }
}
