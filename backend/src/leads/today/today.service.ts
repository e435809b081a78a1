import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  nextStep,
  TODAY_NEW_SIGNAL_DAYS,
  TODAY_SIGNAL_DAYS,
  TODAY_SIZE,
  todayReasons,
  type LatestSignals,
  type SignalKind,
  type Today,
} from '@leadpulse/common';
import { preparedStatement } from '../../database/prepared-read.js';
import { LEADS_ERRORS } from '../leads.errors.js';
import { LEAD_ROW_COLUMNS, toLeadFromRow, type LeadRow } from '../leads/lead.mapper.js';
import { PlanGateService } from '../usage/plan-gate.service.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';

/** In Today: a recent signal, not snoozed, not won or lost, not marked done since its last signal. */
const IN_TODAY = `l.workspace_id = $1
  AND l.last_signal_at >= $2::timestamptz - make_interval(days => ${TODAY_SIGNAL_DAYS})
  AND (l.snoozed_until IS NULL OR l.snoozed_until <= $2)
  AND (l.stage IS NULL OR l.stage NOT IN ('won', 'lost'))
  AND (l.today_done_at IS NULL OR l.last_signal_at > l.today_done_at)`;
const NEW_SIGNAL = `l.monitored AND l.last_signal_at >= $2::timestamptz - make_interval(days => ${TODAY_NEW_SIGNAL_DAYS})`;

/**
 * The ten leads most worth a touch today: monitored leads with a new signal first, then the
 * monitored and tracked leads, then all leads, each tier by Score. Each part is its own short
 * read (the monitored and tracked leads through their partial indexes, all leads down
 * `lead_scores`' (workspace, score) index), so the answer stays fast on a large workspace.
 */
export const TODAY_SQL = `
  WITH picked AS (
    (SELECT l.id, 0 AS tier, s.score FROM leads l JOIN lead_scores s ON s.lead_id = l.id AND s.workspace_id = $1 WHERE ${IN_TODAY} AND ${NEW_SIGNAL}
      ORDER BY s.score DESC, s.lead_id DESC LIMIT ${TODAY_SIZE})
    UNION ALL
    (SELECT l.id, 1, s.score FROM leads l JOIN lead_scores s ON s.lead_id = l.id AND s.workspace_id = $1 WHERE ${IN_TODAY} AND l.monitored
      ORDER BY s.score DESC, s.lead_id DESC LIMIT ${TODAY_SIZE})
    UNION ALL
    (SELECT l.id, 1, s.score FROM leads l JOIN lead_scores s ON s.lead_id = l.id AND s.workspace_id = $1 WHERE ${IN_TODAY} AND l.stage IS NOT NULL
      ORDER BY s.score DESC, s.lead_id DESC LIMIT ${TODAY_SIZE})
    UNION ALL
    (SELECT l.id, 2, s.score FROM leads l JOIN lead_scores s ON s.lead_id = l.id AND s.workspace_id = $1 WHERE ${IN_TODAY}
      ORDER BY s.score DESC, s.lead_id DESC LIMIT ${TODAY_SIZE})
  ), best AS (
    SELECT DISTINCT ON (id) id, tier, score FROM picked ORDER BY id, tier
  )
  SELECT ${LEAD_ROW_COLUMNS}, b.tier
    FROM best b JOIN leads l ON l.id = b.id JOIN lead_scores s ON s.lead_id = b.id
   ORDER BY b.tier, b.score DESC, l.id DESC LIMIT ${TODAY_SIZE}`;

/** Each lead's latest signal of each kind, for its next step. */
const LATEST_SIGNALS_SQL = `SELECT lead_id, kind, max(occurred_at) AS at FROM lead_signals
  WHERE workspace_id = $1 AND lead_id = ANY($2::uuid[]) GROUP BY lead_id, kind`;

@Injectable()
export class TodayService {
  /** Today's two reads, each parsed and planned once per connection (its four-part union took
   * longer to plan than to run). */
  private readonly picked;
  private readonly latestSignals;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly gate: PlanGateService,
  ) {
    this.picked = preparedStatement<LeadRow & { tier: number }>(
      dataSource,
      'leads_today',
      TODAY_SQL,
    );
    this.latestSignals = preparedStatement<{ lead_id: string; kind: SignalKind; at: Date }>(
      dataSource,
      'leads_today_latest_signals',
      LATEST_SIGNALS_SQL,
    );
  }

  async today(workspace: WorkspaceContext, now = new Date()): Promise<Today<Date>> {
    const rows = await this.picked([workspace.id, now]);
    if (rows.length === 0) return { data: [] };
    const latest = await this.latestSignals([workspace.id, rows.map((row) => row.id)]);
    const signals = new Map<string, LatestSignals>();
    for (const { lead_id, kind, at } of latest)
      signals.set(lead_id, { ...signals.get(lead_id), [kind]: at });
    return {
      data: rows.map(({ tier, ...row }) => {
        const step = nextStep(signals.get(row.id) ?? {}, now);
        return {
          lead: toLeadFromRow(row),
          reasons: todayReasons(row.breakdown, tier === 0),
          next_step: step.text,
          next_step_kind: step.kind,
          new_signal: tier === 0,
        };
      }),
    };
  }

  /** Takes the lead off Today until its next signal. */
  async done(workspace: WorkspaceContext, leadId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.gate.lockForWrite(manager, workspace);
      const [{ n }] = (await manager.query(
        `WITH done AS (UPDATE leads SET today_done_at = now() WHERE id = $1 AND workspace_id = $2 RETURNING id)
         SELECT count(*)::int AS n FROM done`,
        [leadId, workspace.id],
      )) as { n: number }[];
      if (n === 0) throw LEADS_ERRORS.leadNotFound();
    });
  }
}
