import type { Lead, Note, Signal, Task } from '@leadpulse/common';
import type { LeadScoreEntity } from '../scoring/lead-score.entity.js';
import type { LeadNoteEntity } from '../notes/lead-note.entity.js';
import type { LeadTaskEntity } from '../tasks/lead-task.entity.js';
import type { LeadSignalEntity } from './lead-signal.entity.js';
import type { LeadEntity } from './lead.entity.js';

/** The lead's columns the API answers: never its match key, nor its workspace. */
const LEAD_COLUMNS = [
  'id',
  'profile_url',
  'profile_slug',
  'first_name',
  'last_name',
  'position',
  'company',
  'location',
  'email',
  'headline',
  'source',
  'stage',
  'position_in_stage',
  'stage_reason',
  'monitored',
  'snoozed_until',
  'last_signal_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof LeadEntity)[];
const SCORE_COLUMNS = ['fit', 'intent', 'score', 'breakdown'] as const;
type LeadScores = Pick<LeadScoreEntity, (typeof SCORE_COLUMNS)[number]>;

/**
 * A lead read in SQL with its scores: `SELECT ${LEAD_ROW_COLUMNS} FROM leads l JOIN lead_scores
 * s …`. The columns are named, so a statement prepared with them keeps its answer's shape when a
 * column is added to `leads`.
 */
export type LeadRow = Pick<LeadEntity, (typeof LEAD_COLUMNS)[number]> & LeadScores;
export const LEAD_ROW_COLUMNS = [
  ...LEAD_COLUMNS.map((column) => `l.${column}`),
  ...SCORE_COLUMNS.map((column) => `s.${column}`),
].join(', ');

/**
 * A lead as the API answers it: never the entity (its match key and workspace stay inside). Its
 * scores are read with it (`relations: { scores: true }`, or joined from `lead_scores`).
 */
export function toLead(lead: LeadEntity): Lead<Date> {
  return leadOf(lead, lead.scores);
}

export function toLeadFromRow({ fit, intent, score, breakdown, ...lead }: LeadRow): Lead<Date> {
  return leadOf(lead, { fit, intent, score, breakdown });
}

function leadOf(
  lead: Pick<LeadEntity, (typeof LEAD_COLUMNS)[number]>,
  scores: LeadScores | undefined,
): Lead<Date> {
  return {
    id: lead.id,
    profile_url: lead.profile_url,
    profile_slug: lead.profile_slug,
    first_name: lead.first_name,
    last_name: lead.last_name,
    position: lead.position,
    company: lead.company,
    location: lead.location,
    email: lead.email,
    headline: lead.headline,
    source: lead.source,
    stage: lead.stage,
    position_in_stage: lead.position_in_stage,
    stage_reason: lead.stage_reason ?? null,
    monitored: lead.monitored,
    snoozed_until: lead.snoozed_until,
    fit: scores?.fit ?? 0,
    intent: scores?.intent ?? 0,
    score: scores?.score ?? 0,
    breakdown: scores?.breakdown ?? [],
    last_signal_at: lead.last_signal_at,
    created_at: lead.created_at,
    updated_at: lead.updated_at,
  };
}

export function toSignal(signal: LeadSignalEntity): Signal<Date> {
  return {
    id: signal.id,
    lead_id: signal.lead_id,
    kind: signal.kind,
    occurred_at: signal.occurred_at,
    source: signal.source,
    detail: signal.detail,
    created_at: signal.created_at,
  };
}

export function toNote(note: LeadNoteEntity): Note<Date> {
  return { id: note.id, lead_id: note.lead_id, body: note.body, created_at: note.created_at };
}

export function toTask(task: LeadTaskEntity): Task<Date> {
  return {
    id: task.id,
    lead_id: task.lead_id,
    title: task.title,
    due_at: task.due_at,
    done_at: task.done_at,
    created_at: task.created_at,
  };
}
