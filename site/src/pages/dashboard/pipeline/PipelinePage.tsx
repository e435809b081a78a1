import { useMemo, useRef, useState } from 'react';
import { Box, Skeleton, Stack, Typography } from '@mui/material';
import {
  closestCorners,
  DndContext,
  pointerWithin,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { LEAD_STAGES } from '@leadpulse/common';
import { STAGE_LABELS, leadName } from '../../../features/leads/lead-labels';
import {
  boardWith,
  dropOf,
  columnsOf,
  liveCount,
  moveCard,
  placeOf,
  stageOf,
  type Columns,
  type Place,
} from '../../../features/scoring/board';
import { useBoard, useMoveCard } from '../../../features/scoring/useBoard';
import { ApiErrorAlert } from '../leads/ApiErrorAlert';
import { PipelineColumn } from './PipelineColumn';
import { PipelineCard } from './PipelineCard';
import { StageReasonDialog } from './StageReasonDialog';

/**
 * Mouse and touch drop where the pointer is; the keyboard, which has no pointer, goes to the
 * closest place in the arrow's direction.
 */
const collisionDetection: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : closestCorners(args);
};

/** The pipeline: six stages with their counts; cards move by mouse, touch and keyboard. */
export function PipelinePage() {
  const board = useBoard();
  const move = useMoveCard();
  const [dragging, setDragging] = useState<Columns | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [closing, setClosing] = useState<{ columns: Columns; id: string; to: Place } | null>(null);
  const origin = useRef<Place | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    // Instant scrolling: a card moved by keyboard past the visible columns lands before the next key.
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      scrollBehavior: 'auto',
    }),
  );
  const served = useMemo(() => (board.data ? columnsOf(board.data) : null), [board.data]);
  const columns = closing?.columns ?? dragging ?? served;

  const nameOf = (id: UniqueIdentifier) => {
    const lead = columns && LEAD_STAGES.flatMap((s) => columns[s]).find((l) => l.id === id);
    return lead ? leadName(lead) : 'The lead';
  };
  const where = (id: UniqueIdentifier) => {
    const place = columns && placeOf(columns, String(id));
    return place ? `${STAGE_LABELS[place.stage]}, place ${place.index + 1}` : 'the board';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)} in ${where(active.id)}.`,
    onDragOver: ({ active }) => `${nameOf(active.id)} is now in ${where(active.id)}.`,
    onDragEnd: ({ active }) => `${nameOf(active.id)} dropped in ${where(active.id)}.`,
    onDragCancel: ({ active }) => `Move cancelled. ${nameOf(active.id)} is back where it was.`,
  };

  const reset = () => {
    setDragging(null);
    setActiveId(null);
    origin.current = null;
  };
  const commit = (next: Columns, id: string, to: Place, reason?: string | null) => {
    if (board.data)
      move.mutate({
        id,
        stage: to.stage,
        position: to.index,
        reason,
        board: boardWith(board.data, next),
      });
    reset();
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    if (!served) return;
    origin.current = placeOf(served, String(active.id));
    setDragging(served);
    setActiveId(String(active.id));
  };
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over || !dragging) return;
    const from = stageOf(dragging, String(active.id));
    const to = stageOf(dragging, String(over.id));
    if (from && to && from !== to)
      setDragging(moveCard(dragging, String(active.id), String(over.id)));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!dragging || !over || !origin.current) return reset();
    const id = String(active.id);
    const drop = dropOf(dragging, origin.current, id, String(over.id));
    if (drop.kind === 'stay') return reset();
    if (drop.kind === 'move') return commit(drop.columns, id, drop.to);
    setClosing({ columns: drop.columns, id, to: drop.to });
    setDragging(null);
    setActiveId(null);
  };

  const active =
    activeId && columns
      ? LEAD_STAGES.flatMap((s) => columns[s]).find((l) => l.id === activeId)
      : null;

  return (
    <>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Pipeline
        </Typography>
        <Typography color="text.secondary">
          Drag a card by its handle to move it, or focus the handle and press Space, the arrow keys,
          then Space again.
        </Typography>
      </Box>
      {move.isError && <ApiErrorAlert error={move.error} />}
      {board.isPending ? (
        <Stack
          direction="row"
          spacing={2}
          sx={{ overflow: 'hidden' }}
          aria-label="Loading the pipeline"
        >
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" width={280} height={320} sx={{ flexShrink: 0 }} />
          ))}
        </Stack>
      ) : board.isError ? (
        <ApiErrorAlert error={board.error} onRetry={() => void board.refetch()} />
      ) : (
        columns && (
          <>
            {LEAD_STAGES.every((stage) => columns[stage].length === 0) && (
              <Typography color="text.secondary">
                Your pipeline is empty. Add a lead from its page, the leads list or Today with Add
                to pipeline, and it starts here in New.
              </Typography>
            )}
            <DndContext
              sensors={sensors}
              collisionDetection={collisionDetection}
              onDragStart={onDragStart}
              onDragOver={onDragOver}
              onDragEnd={onDragEnd}
              onDragCancel={reset}
              accessibility={{
                announcements,
                screenReaderInstructions: {
                  draggable:
                    'To pick up a lead, press Space or Enter. Move it with the arrow keys, then press Space or Enter to drop it, or Escape to cancel.',
                },
              }}
            >
              <Box
                role="region"
                aria-label="Pipeline board"
                tabIndex={-1}
                sx={{
                  display: 'flex',
                  gap: 2,
                  overflowX: 'auto',
                  scrollSnapType: 'x proximity',
                  pb: 1,
                  alignItems: 'stretch',
                }}
              >
                {LEAD_STAGES.map((stage) => (
                  <PipelineColumn
                    key={stage}
                    stage={stage}
                    leads={columns[stage]}
                    count={
                      board.data ? liveCount(board.data, columns, stage) : columns[stage].length
                    }
                  />
                ))}
              </Box>
              <DragOverlay>{active ? <PipelineCard lead={active} overlay /> : null}</DragOverlay>
            </DndContext>
          </>
        )
      )}
      <StageReasonDialog
        move={closing && { name: nameOf(closing.id), stage: closing.to.stage }}
        onConfirm={(reason) => {
          if (closing) commit(closing.columns, closing.id, closing.to, reason);
          setClosing(null);
        }}
        onCancel={() => setClosing(null)}
      />
    </>
  );
}
