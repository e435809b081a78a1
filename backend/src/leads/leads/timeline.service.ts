import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { LeadStage, Signal, Timeline, TimelineEntry } from '@leadpulse/common';
import { queueSignalEvents } from '../automation/automation-events.js';
import { LEADS_ERRORS } from '../leads.errors.js';
import { LeadNoteEntity } from '../notes/lead-note.entity.js';
import { LeadTaskEntity } from '../tasks/lead-task.entity.js';
import { rescoreLeads } from '../scoring/lead-scores.js';
import { PlanGateService } from '../usage/plan-gate.service.js';
import type { WorkspaceContext } from '../workspaces/workspaces.service.js';
import type { LogSignalDto } from './dto/log-signal.dto.js';
import { LeadSignalEntity } from './lead-signal.entity.js';
import { toNote, toSignal, toTask } from './lead.mapper.js';
import { LeadsService } from './leads.service.js';

interface StageChangeRow {
  id: string;
  from_stage: LeadStage | null;
  to_stage: LeadStage | null;
  reason: string | null;
  changed_at: Date;
}

/** The most entries of each kind a timeline shows. */
const TIMELINE_LIMIT = 500;
/** A logged date may be a little ahead of the server's clock (the member's own), not more. */
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;

/** What happened with a lead: its signals, notes and tasks; and engagement logged by hand. */
@Injectable()
export class TimelineService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly leads: LeadsService,
    private readonly gate: PlanGateService,
  ) {}

  /** Signals, notes, tasks and moves between stages of the lead, newest first. */
  async timeline(workspace: WorkspaceContext, leadId: string): Promise<Timeline<Date>> {
    const manager = this.dataSource.manager;
    const lead = await this.leads.find(manager, workspace, leadId);
    const where = { lead_id: lead.id, workspace_id: workspace.id };
    const [signals, notes, tasks, stageChanges] = await Promise.all([
      manager.find(LeadSignalEntity, {
        where,
        order: { occurred_at: 'DESC' },
        take: TIMELINE_LIMIT,
      }),
      manager.find(LeadNoteEntity, { where, order: { created_at: 'DESC' }, take: TIMELINE_LIMIT }),
      manager.find(LeadTaskEntity, { where, order: { created_at: 'DESC' }, take: TIMELINE_LIMIT }),
      manager.query(
        `SELECT id, from_stage, to_stage, reason, changed_at FROM lead_stage_changes
          WHERE lead_id = $1 AND workspace_id = $2 ORDER BY changed_at DESC, id DESC LIMIT $3`,
        [lead.id, workspace.id, TIMELINE_LIMIT],
      ) as Promise<StageChangeRow[]>,
    ]);
    const entries: TimelineEntry<Date>[] = [
      ...signals.map((signal) => ({
        type: 'signal' as const,
        at: signal.occurred_at,
        signal: toSignal(signal),
      })),
      ...notes.map((note) => ({ type: 'note' as const, at: note.created_at, note: toNote(note) })),
      ...tasks.map((task) => ({ type: 'task' as const, at: task.created_at, task: toTask(task) })),
      ...stageChanges.map((row) => ({
        type: 'stage' as const,
        at: row.changed_at,
        stage_change: {
          id: row.id,
          from: row.from_stage,
          to: row.to_stage,
          reason: row.reason,
          at: row.changed_at,
        },
      })),
    ];
    entries.sort((a, b) => b.at.getTime() - a.at.getTime());
    return { data: entries };
  }

  /** Logs engagement the member saw (liked my post, met…) on the lead. */
  async log(
    workspace: WorkspaceContext,
    leadId: string,
    body: LogSignalDto,
  ): Promise<Signal<Date>> {
    const occurredAt = body.occurred_at ? new Date(body.occurred_at) : new Date();
    if (occurredAt.getTime() > Date.now() + FUTURE_SLACK_MS)
      throw LEADS_ERRORS.invalid('occurred_at', 'The date cannot be in the future.');
    return this.dataSource.transaction(async (manager) => {
      await this.gate.lockForWrite(manager, workspace);
      const lead = await this.leads.find(manager, workspace, leadId, true);
      const detail: Record<string, unknown> = {};
      if (body.post_url) {
        detail.post_url = body.post_url;
        // The member's own post from their export names the post the engagement was on.
        const [post] = (await manager.query(
          `SELECT text FROM my_posts
            WHERE workspace_id = $1 AND url = $2 AND kind = 'post' AND text IS NOT NULL
            ORDER BY occurred_at DESC LIMIT 1`,
          [workspace.id, body.post_url],
        )) as { text: string }[];
        if (post) detail.post = post.text.length > 200 ? `${post.text.slice(0, 199)}…` : post.text;
      }
      if (body.note?.trim()) detail.note = body.note.trim();
      const signal = await manager.save(
        manager.create(LeadSignalEntity, {
          workspace_id: workspace.id,
          lead_id: lead.id,
          kind: body.kind,
          occurred_at: occurredAt,
          source: 'manual',
          detail,
          dedupe_key: `manual:${randomUUID()}`,
        }),
      );
      await manager.query(
        `UPDATE leads SET last_signal_at = GREATEST(last_signal_at, $2), updated_at = now() WHERE id = $1`,
        [lead.id, occurredAt],
      );
      await queueSignalEvents(manager, workspace.id, [signal.id]);
      await rescoreLeads(manager, workspace.id, [lead.id]);
      return toSignal(signal);
    });
  }
}
