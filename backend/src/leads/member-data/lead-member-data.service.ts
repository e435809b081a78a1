import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AdminLeadUsage } from '@leadpulse/common';
import { AppConfig } from '../../config/app-config.js';

/** The lead workspace in "Download my data": what the member's own workspaces hold. */
export interface LeadWorkspaceExport {
  leads: Record<string, unknown>[];
  signals: Record<string, unknown>[];
  notes: Record<string, unknown>[];
  tasks: Record<string, unknown>[];
  imports: Record<string, unknown>[];
}

/** The lead workspace's figures on the back office's dashboard. */
export interface LeadAdminStats {
  members_with_leads: number;
  imports_7d: number;
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

  /** The leads, signals, notes, tasks and imports of the user's workspaces, read with `manager`. */
  async exportFor(manager: EntityManager, userId: string): Promise<LeadWorkspaceExport> {
    const query = (sql: string) =>
      manager.query(sql, [userId]) as Promise<Record<string, unknown>[]>;
    return {
      leads: await query(
        `SELECT id, profile_url, first_name, last_name, position, company, location, email, headline,
                source, stage, position_in_stage, monitored, snoozed_until, fit, intent, score, breakdown,
                last_signal_at, created_at, updated_at
           FROM leads WHERE workspace_id IN (${OWNED}) ORDER BY created_at, id`,
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
    };
  }

  /**
   * Erases the user's workspaces with every lead, signal, note, task and import in them (and
   * their membership of others), in the caller's transaction; uploads still waiting are deleted.
   */
  async eraseFor(manager: EntityManager, userId: string): Promise<void> {
    const waiting = (await manager.query(
      `SELECT upload_name FROM lead_imports
        WHERE workspace_id IN (${OWNED}) AND upload_name IS NOT NULL`,
      [userId],
    )) as { upload_name: string }[];
    await manager.query(`DELETE FROM workspaces WHERE owner_user_id = $1`, [userId]);
    await manager.query(`DELETE FROM workspace_members WHERE user_id = $1`, [userId]);
    for (const { upload_name: name } of waiting)
      await rm(join(this.config.uploadDir, name), { force: true }).catch((error: Error) =>
        this.logger.warn(`Could not delete upload ${name}: ${error.message}`),
      );
  }

  /** A member's lead usage for the back office: counts only. */
  async usageFor(userId: string): Promise<AdminLeadUsage> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS leads,
              count(*) FILTER (WHERE stage IS NOT NULL)::int AS tracked,
              count(*) FILTER (WHERE monitored)::int AS monitored,
              (SELECT count(*) FROM lead_imports WHERE workspace_id IN (${OWNED}))::int AS imports
         FROM leads WHERE workspace_id IN (${OWNED})`,
      [userId],
    )) as Omit<AdminLeadUsage, 'ai_credits_used'>[];
    // AI credits are spent by comment drafts, which come later.
    return { ...row, ai_credits_used: 0 };
  }

  async adminStats(): Promise<LeadAdminStats> {
    const [row] = (await this.dataSource.query(
      `SELECT (SELECT count(DISTINCT w.owner_user_id) FROM workspaces w
                WHERE EXISTS (SELECT 1 FROM leads l WHERE l.workspace_id = w.id))::int AS members_with_leads,
              (SELECT count(*) FROM lead_imports WHERE created_at > now() - interval '7 days')::int AS imports_7d`,
    )) as LeadAdminStats[];
    return row;
  }
}
