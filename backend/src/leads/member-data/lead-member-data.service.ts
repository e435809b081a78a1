import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AdminLeadUsage, AdminStats, LeadWorkspaceExport } from '@leadpulse/common';
import { creditsMonthStart } from '../usage/plan-gate.service.js';
import { AppConfig } from '../../config/app-config.js';

/** The lead workspace's figures on the back office's dashboard. */
export type LeadAdminStats = Pick<AdminStats, 'members_with_leads' | 'imports_7d'>;

/** A row of the usage query below (counts as `int`, so numbers). */
interface UsageRow {
  leads: number;
  tracked: number;
  monitored: number;
  imports: number;
  ai_credits_used: number;
}

/** A member's lead usage as the back office shows it. */
export function mapLeadUsage(row: UsageRow): AdminLeadUsage {
  return {
    leads: row.leads,
    tracked: row.tracked,
    monitored: row.monitored,
    ai_credits_used: row.ai_credits_used,
    imports: row.imports,
  };
}

/** A row of the dashboard's lead figures query (counts as `int`, so numbers). */
interface StatsRow {
  members_with_leads: number;
  imports_7d: number;
}

export function mapLeadAdminStats(row: StatsRow): LeadAdminStats {
  return { members_with_leads: row.members_with_leads, imports_7d: row.imports_7d };
}

const OWNED = `SELECT id FROM workspaces WHERE owner_user_id = $1`;

/**
 * The lead workspace as the member's rights and the back office see it: the member's export,
 * erasure with the account, and counts (never a lead) for administrators.
 */
@Injectable()
export class LeadMemberDataService {
  private readonly logger = new Logger(LeadMemberDataService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /**
   * The leads, signals, notes, tasks, imports, the member's own posts, comment drafts, pipeline
   * moves and automation of the user's workspaces, with the user's news visits and digest days,
   * read with `manager`.
   */
  async exportFor(manager: EntityManager, userId: string): Promise<LeadWorkspaceExport> {
    const query = (sql: string) =>
      manager.query(sql, [userId]) as Promise<Record<string, unknown>[]>;
    return {
      leads: await query(
        `SELECT l.id, l.profile_url, l.first_name, l.last_name, l.position, l.company, l.location,
                l.email, l.headline, l.source, l.stage, l.position_in_stage, l.monitored,
                l.snoozed_until, s.fit, s.intent, s.score, s.breakdown, l.last_signal_at,
                l.created_at, l.updated_at
           FROM leads l LEFT JOIN lead_scores s ON s.lead_id = l.id
          WHERE l.workspace_id IN (${OWNED}) ORDER BY l.created_at, l.id`,
      ),
      signals: await query(
        `SELECT lead_id, kind, occurred_at, source, detail, created_at
           FROM lead_signals WHERE workspace_id IN (${OWNED}) ORDER BY occurred_at, id`,
      ),
      notes: await query(
        `SELECT lead_id, body, created_at FROM lead_notes
          WHERE workspace_id IN (${OWNED}) ORDER BY created_at, id`,
      ),
      tasks: await query(
        `SELECT lead_id, title, due_at, done_at, created_at FROM lead_tasks
          WHERE workspace_id IN (${OWNED}) ORDER BY created_at, id`,
      ),
      imports: await query(
        `SELECT kind, file_name, status, progress, error_code, counts, created_at, finished_at
           FROM lead_imports WHERE workspace_id IN (${OWNED}) ORDER BY created_at, id`,
      ),
      my_posts: await query(
        `SELECT kind, occurred_at, url, text, created_at
           FROM my_posts WHERE workspace_id IN (${OWNED}) ORDER BY occurred_at, id`,
      ),
      comment_drafts: await query(
        `SELECT s.post_text, s.post_url, s.lead_id, s.provider, s.fallback, s.created_at,
                coalesce(json_agg(json_build_object('angle', d.angle, 'text', d.text, 'status', d.status)
                  ORDER BY d.position) FILTER (WHERE d.id IS NOT NULL), '[]') AS drafts
           FROM comment_draft_sets s LEFT JOIN comment_drafts d ON d.set_id = s.id
          WHERE s.workspace_id IN (${OWNED}) GROUP BY s.id ORDER BY s.created_at, s.id`,
      ),
      stage_changes: await query(
        `SELECT lead_id, from_stage, to_stage, reason, changed_at FROM lead_stage_changes
          WHERE workspace_id IN (${OWNED}) ORDER BY changed_at, id`,
      ),
      // The rules without their signing secrets; the runs with their webhooks' answers.
      automation_rules: await query(
        `SELECT id, name, enabled, "trigger", conditions, actions, created_at, updated_at
           FROM automation_rules WHERE workspace_id IN (${OWNED}) ORDER BY created_at, id`,
      ),
      automation_runs: await query(
        `SELECT a.rule_id, a.lead_id, a."trigger", a.actions, a.outcome, a.created_at,
                coalesce(json_agg(json_build_object('url', d.url, 'status', d.status,
                  'attempts', d.attempts, 'response_status', d.response_status,
                  'response_body', d.response_body, 'error', d.error))
                  FILTER (WHERE d.id IS NOT NULL), '[]') AS webhooks
           FROM automation_runs a LEFT JOIN automation_webhook_deliveries d ON d.run_id = a.id
          WHERE a.workspace_id IN (${OWNED}) GROUP BY a.id ORDER BY a.created_at, a.id`,
      ),
      news_visits: await query(
        `SELECT seen_at, previous_seen_at FROM lead_news_visits WHERE user_id = $1`,
      ),
      digests: await query(
        `SELECT local_date::text AS local_date, time_zone, outcome, created_at
           FROM lead_digests WHERE user_id = $1 ORDER BY local_date`,
      ),
    };
  }

  /**
   * Erases the user's workspaces with every lead, signal, note, task and import in them (and
   * their membership of others) and the days of their daily digest, in the caller's
   * transaction; uploads still waiting are deleted.
   */
  async eraseFor(manager: EntityManager, userId: string): Promise<void> {
    const waiting = (await manager.query(
      `SELECT upload_name FROM lead_imports
        WHERE workspace_id IN (${OWNED}) AND upload_name IS NOT NULL`,
      [userId],
    )) as { upload_name: string }[];
    await manager.query(`DELETE FROM workspaces WHERE owner_user_id = $1`, [userId]);
    await manager.query(`DELETE FROM workspace_members WHERE user_id = $1`, [userId]);
    await manager.query(`DELETE FROM lead_digests WHERE user_id = $1`, [userId]);
    for (const { upload_name: name } of waiting)
      await rm(join(this.config.uploadDir, name), { force: true }).catch((error: Error) =>
        this.logger.warn(`Could not delete upload ${name}: ${error.message}`),
      );
  }

  /** A member's lead usage for the back office: counts only. */
  async usageFor(userId: string): Promise<AdminLeadUsage> {
    const [row]: UsageRow[] = await this.dataSource.query(
      `SELECT count(*)::int AS leads,
              count(*) FILTER (WHERE stage IS NOT NULL)::int AS tracked,
              count(*) FILTER (WHERE monitored)::int AS monitored,
              (SELECT count(*) FROM lead_imports WHERE workspace_id IN (${OWNED}))::int AS imports,
              (SELECT count(*) FROM comment_draft_sets
                WHERE workspace_id IN (${OWNED}) AND created_at >= $2)::int AS ai_credits_used
         FROM leads WHERE workspace_id IN (${OWNED})`,
      [userId, creditsMonthStart()],
    );
    return mapLeadUsage(row);
  }

  async adminStats(): Promise<LeadAdminStats> {
    const [row]: StatsRow[] = await this.dataSource.query(
      `SELECT (SELECT count(DISTINCT w.owner_user_id) FROM workspaces w
                WHERE EXISTS (SELECT 1 FROM leads l WHERE l.workspace_id = w.id))::int AS members_with_leads,
              (SELECT count(*) FROM lead_imports WHERE created_at > now() - interval '7 days')::int AS imports_7d`,
    );
    return mapLeadAdminStats(row);
  }
}
