import { describe, expect, it } from 'vitest';
import { LEAD_STAGES, type PipelineBoard } from '@leadpulse/common';
import { aLead } from '../leads/test-fixtures';
import {
  boardWith,
  columnId,
  columnsOf,
  dropOf,
  liveCount,
  moveCard,
  placeOf,
  type Columns,
} from './board';

const board: PipelineBoard = {
  columns: LEAD_STAGES.map((stage) => ({
    stage,
    count: stage === 'new' ? 3 : stage === 'contacted' ? 1 : 0,
    leads:
      stage === 'new'
        ? ['a', 'b', 'c'].map((id, i) => aLead({ id, stage, position_in_stage: i }))
        : stage === 'contacted'
          ? [aLead({ id: 'd', stage, position_in_stage: 0 })]
          : [],
  })),
};
const ids = (columns: Columns) =>
  Object.fromEntries(LEAD_STAGES.map((s) => [s, columns[s].map((l) => l.id).join('')]));

describe('pipeline board', () => {
  const columns = columnsOf(board);

  it('moves a card down and up within its column', () => {
    expect(ids(moveCard(columns, 'a', 'c')).new).toBe('bca');
    expect(ids(moveCard(columns, 'c', 'a')).new).toBe('cab');
    expect(ids(moveCard(columns, 'a', 'b')).new).toBe('bac');
  });

  it("moves a card into another column at the card's place, or to its end", () => {
    const before = moveCard(columns, 'b', 'd');
    expect(ids(before)).toMatchObject({ new: 'ac', contacted: 'bd' });
    expect(before.contacted[0].stage).toBe('contacted');
    expect(ids(moveCard(columns, 'b', columnId('contacted')))).toMatchObject({ contacted: 'db' });
    expect(ids(moveCard(columns, 'a', columnId('won')))).toMatchObject({ new: 'bc', won: 'a' });
  });

  it('leaves the board as it is for an unknown card or a card over itself', () => {
    expect(moveCard(columns, 'x', 'a')).toBe(columns);
    expect(moveCard(columns, 'a', 'a')).toBe(columns);
    expect(moveCard(columns, 'a', 'column:nowhere')).toBe(columns);
  });

  it('counts what moved and numbers the columns 0…n', () => {
    const moved = moveCard(columns, 'a', columnId('contacted'));
    expect(liveCount(board, moved, 'new')).toBe(2);
    expect(liveCount(board, moved, 'contacted')).toBe(2);
    expect(placeOf(moved, 'a')).toEqual({ stage: 'contacted', index: 1 });
    const kept = boardWith(board, moved);
    expect(kept.columns[1].leads.map((l) => [l.id, l.position_in_stage])).toEqual([
      ['d', 0],
      ['a', 1],
    ]);
    expect(kept.columns[0].count).toBe(2);
  });

  it('drops a card back in its place as no move, within its column as a move', () => {
    expect(dropOf(columns, { stage: 'new', index: 1 }, 'b', 'b')).toEqual({ kind: 'stay' });
    const drop = dropOf(columns, { stage: 'new', index: 0 }, 'a', 'c');
    expect(drop.kind).toBe('move');
    expect(drop.kind !== 'stay' && drop.to).toEqual({ stage: 'new', index: 2 });
  });

  it('asks why when a card arrives in won or lost, not when it moves within them', () => {
    const dragged = moveCard(columns, 'b', columnId('won'));
    const drop = dropOf(dragged, { stage: 'new', index: 1 }, 'b', columnId('won'));
    expect(drop.kind).toBe('ask');
    expect(drop.kind !== 'stay' && drop.to).toEqual({ stage: 'won', index: 0 });
    const inWon = moveCard(dragged, 'a', columnId('won'));
    expect(dropOf(inWon, { stage: 'won', index: 1 }, 'a', 'b').kind).toBe('move');
    const toContacted = moveCard(columns, 'b', 'd');
    expect(dropOf(toContacted, { stage: 'new', index: 1 }, 'b', 'd').kind).toBe('move');
  });
});
