import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeadStage, PipelineBoard } from '@leadpulse/common';
import { scoringApi } from './scoring-api';

export const boardKey = ['board'] as const;

export function useBoard() {
  return useQuery({ queryKey: boardKey, queryFn: scoringApi.board });
}

export interface Move {
  id: string;
  stage: LeadStage;
  position: number;
  reason?: string | null;
  /** The board as the screen shows it after the move, kept until the server answers. */
  board: PipelineBoard;
}

/** Moves a card (PATCH stage and place); the screen keeps its order, a refusal reads the board again. */
export function useMoveCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, stage, position, reason }: Move) =>
      scoringApi.move(id, {
        stage,
        position_in_stage: position,
        ...(reason !== undefined ? { stage_reason: reason } : {}),
      }),
    onMutate: async ({ board }: Move) => {
      await client.cancelQueries({ queryKey: boardKey });
      client.setQueryData(boardKey, board);
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: boardKey }),
        client.invalidateQueries({ queryKey: ['leads'] }),
      ]),
  });
}
