import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  computeFit,
  icpProblems,
  normalizeIcp,
  PREVIEW_STRONG_SCORE,
  PREVIEW_TOP,
  rawIntent,
  type Icp,
  type IcpAnswer,
  type IcpPreview,
  type RescoreStatus,
} from '@leadpulse/common';
import { LEADS_ERRORS } from '../leads.errors.js';
import { PlanGateService } from '../usage/plan-gate.service.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import { groupsOf, loadIcp, readBatch } from './lead-scores.js';
import { RescoringService } from './rescoring.service.js';

interface IcpRow {
  icp: Icp;
  rescore_status: RescoreStatus;
  rescore_progress: number;
  rescore_started_at: Date | null;
  rescore_finished_at: Date | null;
}

type PreviewLead = IcpPreview['top'][number];

/** The member's ideal customer profile: read, change (rescoring the workspace), preview. */
@Injectable()
export class IcpService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly gate: PlanGateService,
    private readonly rescoring: RescoringService,
  ) {}

  async get(workspace: WorkspaceContext): Promise<IcpAnswer<Date>> {
    const [row] = (await this.dataSource.query(
      `SELECT icp, rescore_status, rescore_progress, rescore_started_at, rescore_finished_at
         FROM workspace_icps WHERE workspace_id = $1`,
      [workspace.id],
    )) as IcpRow[];
    if (!row) {
      const { icp } = await loadIcp(this.dataSource.manager, workspace.id);
      return {
        ...icp,
        is_default: true,
        rescoring: { status: 'idle', progress: 0, started_at: null, finished_at: null },
      };
    }
    return {
      ...normalizeIcp(row.icp),
      is_default: false,
      rescoring: {
        status: row.rescore_status,
        progress: row.rescore_progress,
        started_at: row.rescore_started_at,
        finished_at: row.rescore_finished_at,
      },
    };
  }

  /** Saves the ICP and queues the workspace's rescoring in the same transaction; answers at once. */
  async put(workspace: WorkspaceContext, body: unknown): Promise<IcpAnswer<Date>> {
    const icp = this.valid(body);
    await this.dataSource.transaction(async (manager) => {
      await this.gate.lockForWrite(manager, workspace);
      const [{ version }] = (await manager.query(
        `INSERT INTO workspace_icps (workspace_id, icp, rescore_status, rescore_progress)
         VALUES ($1, $2::jsonb, 'queued', 0)
         ON CONFLICT (workspace_id) DO UPDATE
           SET icp = EXCLUDED.icp, version = workspace_icps.version + 1, updated_at = now(),
               rescore_status = 'queued', rescore_progress = 0, rescore_finished_at = NULL
         RETURNING version`,
        [workspace.id, JSON.stringify(icp)],
      )) as { version: number }[];
      await this.rescoring.queue(manager, { workspace_id: workspace.id, reason: 'icp', version });
    });
    this.rescoring.wake();
    return this.get(workspace);
  }

  /**
   * The workspace as this ICP would score it: how many leads would score 70 or more, and the ten
   * best. Read in batches of 1,000; Fit is computed once per distinct title, company, headline and
   * location, and Intent is read from the lead when the signal weights and half-life are the saved
   * ones (only they change it).
   */
  async preview(workspace: WorkspaceContext, body: unknown): Promise<IcpPreview> {
    const icp = this.valid(body);
    const manager = this.dataSource.manager;
    const saved = await loadIcp(manager, workspace.id);
    const sameIntent =
      saved.icp.half_life_days === icp.half_life_days &&
      JSON.stringify(normalizeIcp(saved.icp).signal_weights) === JSON.stringify(icp.signal_weights);
    const fits = new Map<string, number>();
    const top: PreviewLead[] = [];
    let strong = 0;
    let total = 0;
    const now = new Date();
    for (let after: string | null = null; ;) {
      const rows: (PreviewRow & { intent: number })[] = sameIntent
        ? ((await manager.query(
            `SELECT l.id, l.first_name, l.last_name, l.position, l.company, l.headline, l.location,
                    s.intent, s.score
               FROM leads l JOIN lead_scores s ON s.lead_id = l.id
              WHERE l.workspace_id = $1 AND ($2::uuid IS NULL OR l.id > $2)
              ORDER BY l.id LIMIT 1000`,
            [workspace.id, after],
          )) as (PreviewRow & { intent: number })[])
        : await this.withIntent(workspace.id, after, icp, now);
      if (rows.length === 0) break;
      for (const row of rows) {
        const key = `${row.position}\u0000${row.company}\u0000${row.headline}\u0000${row.location}`;
        let fit = fits.get(key);
        if (fit === undefined) fits.set(key, (fit = computeFit(icp, row).fit));
        const score = Math.round(icp.fit_share * fit + (1 - icp.fit_share) * row.intent);
        total += 1;
        if (score >= PREVIEW_STRONG_SCORE) strong += 1;
        if (top.length < PREVIEW_TOP || score > top[top.length - 1].score) {
          top.push({
            id: row.id,
            first_name: row.first_name,
            last_name: row.last_name,
            position: row.position,
            company: row.company,
            fit,
            intent: row.intent,
            score,
            current_score: row.score,
          });
          top.sort((a, b) => b.score - a.score);
          if (top.length > PREVIEW_TOP) top.pop();
        }
      }
      after = rows[rows.length - 1].id;
    }
    return { strong, total, top };
  }

  private async withIntent(workspaceId: string, after: string | null, icp: Icp, now: Date) {
    const rows = await readBatch(
      this.dataSource.manager,
      workspaceId,
      after,
      icp.half_life_days,
      now,
    );
    return rows.map((row) => ({ ...row, intent: Math.round(rawIntent(icp, groupsOf(row))) }));
  }

  private valid(body: unknown): Icp {
    const problems = icpProblems(body);
    if (problems.length > 0) throw LEADS_ERRORS.invalid(problems[0].field, problems[0].message);
    return normalizeIcp(body as Icp);
  }
}

interface PreviewRow {
  id: string;
  first_name: string;
  last_name: string;
  position: string | null;
  company: string | null;
  headline: string | null;
  location: string | null;
  score: number;
}
