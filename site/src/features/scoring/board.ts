import { LEAD_STAGES, type Lead, type LeadStage, type PipelineBoard } from '@leadpulse/common';

/** The board as the screen holds it while cards move: each stage's cards in order. */
export type Columns = Record<LeadStage, Lead[]>;

const COLUMN_PREFIX = 'column:';

/** The drop target of a column itself (for an empty column, or below its last card). */
export const columnId = (stage: LeadStage) => `${COLUMN_PREFIX}${stage}`;

export function columnsOf(board: PipelineBoard): Columns {
  const columns = Object.fromEntries(LEAD_STAGES.map((stage) => [stage, []])) as unknown as Columns;
  for (const column of board.columns) columns[column.stage] = [...column.leads];
  return columns;
}

/** The stage a card or a column's drop target is in. */
export function stageOf(columns: Columns, id: string): LeadStage | undefined {
  if (id.startsWith(COLUMN_PREFIX)) {
    const stage = id.slice(COLUMN_PREFIX.length) as LeadStage;
    return LEAD_STAGES.includes(stage) ? stage : undefined;
  }
  return LEAD_STAGES.find((stage) => columns[stage].some((lead) => lead.id === id));
}

/** Where a card is: its stage and its index in that column. */
export function placeOf(columns: Columns, id: string): { stage: LeadStage; index: number } | null {
  const stage = stageOf(columns, id);
  if (!stage || id.startsWith(COLUMN_PREFIX)) return null;
  return { stage, index: columns[stage].findIndex((lead) => lead.id === id) };
}

/**
 * The board with a card moved over another card or a column: into that card's place (after it
 * when coming from above in the same column), or to the end of the column. Unchanged when either
 * is unknown or the card is over itself.
 */
export function moveCard(columns: Columns, activeId: string, overId: string): Columns {
  const from = placeOf(columns, activeId);
  const toStage = stageOf(columns, overId);
  if (!from || !toStage || activeId === overId) return columns;
  const card = columns[from.stage][from.index];
  const next = { ...columns, [from.stage]: columns[from.stage].filter((l) => l.id !== activeId) };
  const target = [...next[toStage]];
  const overIndex = target.findIndex((lead) => lead.id === overId);
  let index = overIndex < 0 ? target.length : overIndex;
  if (from.stage === toStage && overIndex >= from.index) index = overIndex + 1;
  if (from.stage === toStage && overIndex < 0) index = target.length;
  target.splice(Math.min(index, target.length), 0, { ...card, stage: toStage });
  next[toStage] = target;
  return next;
}

/** A column's count with the cards moved in or out on this screen since the board was read. */
export function liveCount(board: PipelineBoard, columns: Columns, stage: LeadStage): number {
  const column = board.columns.find((c) => c.stage === stage);
  if (!column) return columns[stage].length;
  return column.count + columns[stage].length - column.leads.length;
}

/** The board's answer with the screen's order, so it stays put until the server's next answer. */
export function boardWith(board: PipelineBoard, columns: Columns): PipelineBoard {
  return {
    ...board,
    columns: board.columns.map((column) => ({
      ...column,
      count: liveCount(board, columns, column.stage),
      leads: columns[column.stage].map((lead, i) => ({ ...lead, position_in_stage: i })),
    })),
  };
}

/** Stages whose move asks why (the reason is optional). */
export const CLOSING_STAGES: readonly LeadStage[] = ['won', 'lost'];

export interface Place {
  stage: LeadStage;
  index: number;
}

/** What a drop does: nothing (the card is back in its place), a move, or a move that asks why. */
export type Drop = { kind: 'stay' } | { kind: 'move' | 'ask'; columns: Columns; to: Place };

/**
 * The drop of a card over a card or a column, on a board where moves between columns were
 * already made while dragging: a move within the column is made now; won and lost ask why
 * when the card arrives from another stage.
 */
export function dropOf(columns: Columns, from: Place, activeId: string, overId: string): Drop {
  let next = columns;
  if (stageOf(next, activeId) === stageOf(next, overId)) next = moveCard(next, activeId, overId);
  const to = placeOf(next, activeId);
  if (!to || (to.stage === from.stage && to.index === from.index)) return { kind: 'stay' };
  const asks = CLOSING_STAGES.includes(to.stage) && to.stage !== from.stage;
  return { kind: asks ? 'ask' : 'move', columns: next, to };
}
