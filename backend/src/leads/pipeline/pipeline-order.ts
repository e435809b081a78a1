import type { EntityManager } from 'typeorm';
import type { LeadStage } from '@leadpulse/common';

/** A position past any column's end: the card goes last. */
const END = 2_147_483_647;
const CLOSED: (LeadStage | null)[] = ['won', 'lost'];

export interface CardMove {
  stage?: LeadStage | null;
  /** From 0; past the end puts the card last. */
  position?: number;
  reason?: string | null;
}

/**
 * Records a move between stages (`lead_stage_changes`), with the reason given for won or lost: the
 * pipeline's history, which the lead's timeline and analytics' funnel read. The one place a move
 * is written, whether from the board, the lead's page, a rule or the lead's creation; a "move"
 * to the stage the lead is already in is none.
 */
export async function recordStageChange(
  manager: EntityManager,
  workspaceId: string,
  leadId: string,
  from: LeadStage | null,
  to: LeadStage | null,
  reason: string | null = null,
): Promise<void> {
  if (from === to) return;
  await manager.query(
    `INSERT INTO lead_stage_changes (workspace_id, lead_id, from_stage, to_stage, reason)
     VALUES ($1, $2, $3, $4, $5)`,
    [workspaceId, leadId, from, to, reason],
  );
}

/**
 * Places a lead's card in a stage's column at a position, and renumbers that column 0, 1, 2… in
 * the same statement, the others keeping their order. The caller holds the workspace's row lock
 * (PlanGateService.lockForWrite), so two moves into one column are placed one after the other.
 * Leaving the pipeline (stage null) clears the position and the reason. Each change of stage is
 * recorded (lead_stage_changes) for the lead's timeline, with the reason given for won or lost.
 */
export async function moveCard(
  manager: EntityManager,
  workspaceId: string,
  lead: { id: string; stage: LeadStage | null; position_in_stage: number },
  move: CardMove,
): Promise<void> {
  const stage = move.stage !== undefined ? move.stage : lead.stage;
  if (stage === null) {
    await manager.query(
      `UPDATE leads SET stage = NULL, position_in_stage = 0, stage_reason = NULL, updated_at = now()
        WHERE id = $1 AND workspace_id = $2`,
      [lead.id, workspaceId],
    );
    await recordStageChange(manager, workspaceId, lead.id, lead.stage, null);
    return;
  }
  const changesStage = stage !== lead.stage;
  const reason = CLOSED.includes(stage)
    ? move.reason !== undefined
      ? move.reason?.trim() || null
      : changesStage
        ? null
        : undefined
    : null;
  if (changesStage || move.position !== undefined) {
    const position = Math.max(0, Math.min(move.position ?? END, END));
    await manager.query(
      `WITH col AS (
         SELECT id, (row_number() OVER (ORDER BY position_in_stage, id) - 1)::int AS idx
           FROM leads WHERE workspace_id = $1 AND stage = $2 AND id <> $3
       ), target AS (
         SELECT LEAST($4::int, (SELECT count(*) FROM col)::int) AS p
       ), ordered AS (
         SELECT id, CASE WHEN idx < (SELECT p FROM target) THEN idx ELSE idx + 1 END AS pos FROM col
         UNION ALL SELECT $3::uuid, (SELECT p FROM target)
       )
       UPDATE leads l
          SET position_in_stage = o.pos, stage = $2,
              updated_at = CASE WHEN l.id = $3 THEN now() ELSE l.updated_at END
         FROM ordered o
        WHERE l.id = o.id AND l.workspace_id = $1 AND (l.position_in_stage <> o.pos OR l.id = $3)`,
      [workspaceId, stage, lead.id, position],
    );
  }
  if (reason !== undefined)
    await manager.query(`UPDATE leads SET stage_reason = $3 WHERE id = $1 AND workspace_id = $2`, [
      lead.id,
      workspaceId,
      reason,
    ]);
  if (changesStage)
    await recordStageChange(manager, workspaceId, lead.id, lead.stage, stage, reason ?? null);
  else if (reason !== undefined && CLOSED.includes(stage))
    // A reason given later for the same won or lost: the timeline's entry of that move shows it.
    await manager.query(
      `UPDATE lead_stage_changes SET reason = $3
        WHERE id = (SELECT id FROM lead_stage_changes WHERE lead_id = $1 AND workspace_id = $2
                     ORDER BY changed_at DESC, id DESC LIMIT 1)
          AND to_stage = $4`,
      [lead.id, workspaceId, reason, stage],
    );
}
