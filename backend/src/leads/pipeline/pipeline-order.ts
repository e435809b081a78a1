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

/** Records a move between stages (the pipeline's history, which analytics reads). */
export async function recordStageChange(
  manager: EntityManager,
  workspaceId: string,
  leadId: string,
  from: LeadStage | null,
  to: LeadStage | null,
): Promise<void> {
  if (from === to) return;
  await manager.query(
    `INSERT INTO lead_stage_changes (workspace_id, lead_id, from_stage, to_stage) VALUES ($1, $2, $3, $4)`,
    [workspaceId, leadId, from, to],
  );
}

/**
 * Places a lead's card in a stage's column at a position, and renumbers that column 0, 1, 2… in
 * the same statement, the others keeping their order. The caller holds the workspace's row lock
 * (PlanGateService.lockForWrite), so two moves into one column are placed one after the other.
 * Leaving the pipeline (stage null) clears the position and the reason.
 */
export async function moveCard(
  manager: EntityManager,
  workspaceId: string,
  lead: { id: string; stage: LeadStage | null; position_in_stage: number },
  move: CardMove,
): Promise<void> {
  const stage = move.stage !== undefined ? move.stage : lead.stage;
  await recordStageChange(manager, workspaceId, lead.id, lead.stage, stage);
  if (stage === null) {
    await manager.query(
      `UPDATE leads SET stage = NULL, position_in_stage = 0, stage_reason = NULL, updated_at = now()
        WHERE id = $1 AND workspace_id = $2`,
      [lead.id, workspaceId],
    );
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
}
