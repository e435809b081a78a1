/** The API of scoring, Today and the pipeline (LEADS.md "API" and "Shapes"). */
import type { Lead, LeadStage } from '../api/leads.js';
import type { Icp } from './icp.js';
import type { NextStepKind } from './today.js';

export const RESCORE_STATUSES = ['idle', 'queued', 'running', 'done', 'failed'] as const;
export type RescoreStatus = (typeof RESCORE_STATUSES)[number];

/** The job rescoring the workspace after an ICP change. */
export interface Rescoring<TDate = string> {
  status: RescoreStatus;
  /** 0–100. */
  progress: number;
  started_at: TDate | null;
  finished_at: TDate | null;
}

/** `GET /api/icp` and `PUT /api/icp` (whose body is an `Icp`). */
export interface IcpAnswer<TDate = string> extends Icp {
  /** True until the member saves their own. */
  is_default: boolean;
  rescoring: Rescoring<TDate>;
}

/** The score that counts as a strong lead in the ICP editor's preview. */
export const PREVIEW_STRONG_SCORE = 70;
export const PREVIEW_TOP = 10;

/** `POST /api/icp/preview` (body: an `Icp`): the workspace as that ICP would score it. */
export interface IcpPreview {
  /** Leads scoring 70 or more. */
  strong: number;
  total: number;
  top: {
    id: string;
    first_name: string;
    last_name: string;
    position: string | null;
    company: string | null;
    fit: number;
    intent: number;
    score: number;
    /** The lead's score as it stands. */
    current_score: number;
  }[];
}

/** One lead of Today. */
export interface TodayItem<TDate = string> {
  lead: Lead<TDate>;
  reasons: string[];
  next_step: string;
  next_step_kind: NextStepKind;
  /** A monitored lead with a signal since it was last marked done: it comes first. */
  new_signal: boolean;
}

/**
 * `GET /api/leads/today`. `POST /api/leads/:id/today/done` (204) takes a lead off until its next
 * signal; `PATCH /api/leads/:id` with `snoozed_until` takes it off until then.
 */
export interface Today<TDate = string> {
  data: TodayItem<TDate>[];
}

/** The cards a board's column answers at most (`GET /api/leads/board?per_column=`). */
export const BOARD_PER_COLUMN = 50;
export const BOARD_MAX_PER_COLUMN = 200;

export interface PipelineColumn<TDate = string> {
  stage: LeadStage;
  count: number;
  /** In the column's order (`position_in_stage`). */
  leads: Lead<TDate>[];
}

/** `GET /api/leads/board`: the six stages in order, each with its count. */
export interface PipelineBoard<TDate = string> {
  columns: PipelineColumn<TDate>[];
}
