import type { EntityManager } from 'typeorm';
import type { LeadStage, SignalKind } from '@leadpulse/common';
import { sendEachSql } from '../../jobs/jobs.service.js';

/** The one queue every automation event goes through; its worker runs the matching rules. */
export const AUTOMATION_EVENTS_QUEUE = 'automation-events';

/** What happened to a lead, as a rule's trigger reads it. */
export type AutomationEvent = {
  workspace_id: string;
  lead_id: string;
} & (
  | { type: 'signal'; signal_id: string; signal_kind: SignalKind }
  | { type: 'score'; from: number; to: number }
  | { type: 'stage'; stage: LeadStage }
  | { type: 'task_overdue'; task_id: string }
);

/** An enabled rule of the workspace (`$1`) with this trigger kind, and `extra` SQL about it. */
const ruleExists = (kind: string, extra = '') =>
  `EXISTS (SELECT 1 FROM automation_rules r WHERE r.workspace_id = $1 AND r.enabled
             AND r.trigger_kind = '${kind}' ${extra})`;

/**
 * Queues an event for each of these new signals that an enabled rule of the workspace listens
 * to, in the caller's transaction: the events exist if and only if the signals do. Workspaces
 * without such rules pay one indexed look-up.
 */
export async function queueSignalEvents(
  manager: EntityManager,
  workspaceId: string,
  signalIds: string[],
): Promise<void> {
  if (signalIds.length === 0) return;
  await manager.query(
    sendEachSql(
      AUTOMATION_EVENTS_QUEUE,
      `(SELECT s.id, s.lead_id, s.kind FROM lead_signals s
         WHERE s.workspace_id = $1 AND s.id = ANY($2::uuid[])
           AND (${ruleExists('new_signal', `AND r."trigger"->'signal_kinds' ? s.kind`)}
                OR (s.kind = 'job_change' AND ${ruleExists('job_change')}))) e`,
      `json_build_object('workspace_id', $1::uuid, 'lead_id', e.lead_id, 'type', 'signal',
                         'signal_id', e.id, 'signal_kind', e.kind)`,
    ),
    [workspaceId, signalIds],
  );
}

/**
 * SQL, to follow a CTE `updated (id, previous, score)` of leads whose score was just written:
 * an event for each that rose to or past the score of an enabled `score_crossed` rule.
 */
export function scoreEventsSql(): string {
  return sendEachSql(
    AUTOMATION_EVENTS_QUEUE,
    `(SELECT up.id, up.previous, up.score FROM updated up
       WHERE up.score > up.previous
         AND ${ruleExists(
           'score_crossed',
           `AND up.previous < (r."trigger"->>'score')::int AND up.score >= (r."trigger"->>'score')::int`,
         )}) e`,
    `json_build_object('workspace_id', $1::uuid, 'lead_id', e.id, 'type', 'score',
                       'from', e.previous, 'to', e.score)`,
  );
}

/** The member moved a lead to a stage: an event when a `stage_changed` rule listens. */
export async function queueStageEvent(
  manager: EntityManager,
  workspaceId: string,
  leadId: string,
  stage: LeadStage,
): Promise<void> {
  await manager.query(
    sendEachSql(
      AUTOMATION_EVENTS_QUEUE,
      `(SELECT $2::uuid AS lead_id, $3::varchar AS stage WHERE ${ruleExists('stage_changed')}) e`,
      `json_build_object('workspace_id', $1::uuid, 'lead_id', e.lead_id, 'type', 'stage', 'stage', e.stage)`,
    ),
    [workspaceId, leadId, stage],
  );
}

/**
 * An event for each open task that fell due in the last half hour, not made by a rule, in a
 * workspace with a `task_overdue` rule. Swept every ten minutes, so a task is sent up to three
 * times; its run is recorded once per rule (its event key).
 */
export function overdueEventsSql(): string {
  return sendEachSql(
    AUTOMATION_EVENTS_QUEUE,
    // From the few workspaces with such a rule to their tasks, on the (workspace, done, due) index.
    `(SELECT t.id, t.lead_id, t.workspace_id
        FROM (SELECT DISTINCT workspace_id FROM automation_rules
               WHERE enabled AND trigger_kind = 'task_overdue') w
        JOIN lead_tasks t ON t.workspace_id = w.workspace_id AND t.done_at IS NULL
                         AND t.due_at <= now() AND t.due_at > now() - interval '30 minutes'
       WHERE t.automation_rule_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM automation_runs a
                          WHERE a.workspace_id = t.workspace_id AND a.event_key = 'task:' || t.id)) e`,
    `json_build_object('workspace_id', e.workspace_id, 'lead_id', e.lead_id, 'type', 'task_overdue',
                       'task_id', e.id)`,
  );
}
