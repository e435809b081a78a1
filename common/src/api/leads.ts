/**
 * The lead workspace's API (LEADS.md "API" and "Shapes"): every request and answer, declared once
 * for the backend's mapping functions and the front ends. Dates are a type parameter: strings on
 * the wire (the default), `Date` where the backend builds them.
 */

export const LEAD_STAGES = ['new', 'contacted', 'conversation', 'meeting', 'won', 'lost'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export const SIGNAL_KINDS = [
  'connected',
  'invitation_received',
  'invitation_sent',
  'message_received',
  'message_sent',
  'endorsement',
  'recommendation',
  'job_change',
  'liked_my_post',
  'commented_my_post',
  'viewed_my_profile',
  'replied',
  'met',
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** The engagement a member logs by hand (POST /api/leads/:id/signals). */
export const MANUAL_SIGNAL_KINDS = [
  'liked_my_post',
  'commented_my_post',
  'viewed_my_profile',
  'replied',
  'met',
] as const satisfies readonly SignalKind[];
export type ManualSignalKind = (typeof MANUAL_SIGNAL_KINDS)[number];

/** Where a lead or a signal came from. */
export const LEAD_SOURCES = ['linkedin_export', 'csv', 'manual', 'sample', 'automation'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_SORTS = ['score', 'last_signal_at', 'name', 'created_at'] as const;
export type LeadSortField = (typeof LEAD_SORTS)[number];
/** A sort of the leads list: a field, descending with a leading `-`. */
export type LeadSort = LeadSortField | `-${LeadSortField}`;

export const LEADS_PAGE_SIZE = 25;
export const LEADS_MAX_PAGE_SIZE = 100;

/** A line of a lead's score: what it is and the points it brings. */
export interface BreakdownLine {
  label: string;
  points: number;
}

export interface Lead<TDate = string> {
  id: string;
  profile_url: string | null;
  /** The `/in/<slug>` part of the profile URL, lower-case and decoded. */
  profile_slug: string | null;
  first_name: string;
  last_name: string;
  /** The lead's job title. */
  position: string | null;
  company: string | null;
  location: string | null;
  email: string | null;
  headline: string | null;
  source: LeadSource;
  /** The pipeline stage of a tracked lead; null when the lead is not tracked. */
  stage: LeadStage | null;
  /** The card's order within its stage's column. */
  position_in_stage: number;
  /** Why a won or lost lead was won or lost, when the member said. */
  stage_reason?: string | null;
  monitored: boolean;
  snoozed_until: TDate | null;
  fit: number;
  intent: number;
  score: number;
  breakdown: BreakdownLine[];
  last_signal_at: TDate | null;
  created_at: TDate;
  updated_at: TDate;
}

export interface Signal<TDate = string> {
  id: string;
  lead_id: string;
  kind: SignalKind;
  occurred_at: TDate;
  /** `import:<id>`, `manual` or `automation`. */
  source: string;
  /** What the signal says: a message's subject, an endorsed skill, a post link, a job change. */
  detail: Record<string, unknown>;
  created_at: TDate;
}

export interface Note<TDate = string> {
  id: string;
  lead_id: string;
  body: string;
  created_at: TDate;
}

export interface Task<TDate = string> {
  id: string;
  lead_id: string;
  title: string;
  due_at: TDate | null;
  done_at: TDate | null;
  created_at: TDate;
}

export const IMPORT_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A row an import skipped: its line in the file and why. */
export interface SkippedRow {
  line: number;
  reason: string;
}

/** The member's own LinkedIn activity an export holds: a post (Shares.csv), a comment, a reaction. */
export const MY_POST_KINDS = ['post', 'comment', 'reaction'] as const;
export type MyPostKind = (typeof MY_POST_KINDS)[number];

/** What an import did with one file. */
export interface ImportFileCounts {
  rows: number;
  leads_created: number;
  leads_updated: number;
  signals_added: number;
  skipped: number;
  /** The member's own posts, comments and reactions kept (Shares, Comments, Reactions.csv). */
  posts_added?: number;
  /** The first 20 skipped rows. */
  skipped_examples: SkippedRow[];
}

export interface LeadImport<TDate = string> {
  id: string;
  status: ImportStatus;
  /** 0–100. */
  progress: number;
  file_name: string;
  /** `linkedin_export`, `csv` or `sample`. */
  kind: string;
  /** Why a failed import failed (`import_unreadable`, `import_too_large`…). */
  error_code: string | null;
  counts: Record<string, ImportFileCounts>;
  created_at: TDate;
  finished_at: TDate | null;
}

/** The answer of POST /api/lead-imports (202): the queued import. */
export type LeadImportAccepted<TDate = string> = Pick<
  LeadImport<TDate>,
  'id' | 'status' | 'progress' | 'counts'
> &
  Partial<LeadImport<TDate>>;

/** The lead fields a CSV's columns can map to. */
export const CSV_MAPPING_FIELDS = [
  'first_name',
  'last_name',
  'name',
  'profile_url',
  'company',
  'position',
  'email',
  'location',
] as const;
export type CsvMappingField = (typeof CSV_MAPPING_FIELDS)[number];
/** A CSV's column mapping: a lead field → the header of the column that holds it. */
export type CsvMapping = Partial<Record<CsvMappingField, string>>;

/** One page of a list: `GET /api/leads?page=1&pageSize=25`. */
export interface Paged<T> {
  data: T[];
  count: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

/**
 * A page of `GET /api/leads`, with the cursors of its last and first leads: the next page is
 * `?after=next_cursor&page=page+1`, the previous one `?before=prev_cursor&page=page-1`, each read
 * straight from the sort's index whatever its number. `null` when the order cannot follow a
 * cursor (a search, or the sort by last signal), or the page is empty.
 */
export interface LeadsPage<D = string> extends Paged<Lead<D>> {
  next_cursor: string | null;
  prev_cursor: string | null;
}

/** The query of `GET /api/leads` (and of `GET /api/leads/export`). */
export interface LeadListQuery {
  page?: number;
  pageSize?: number;
  /** A page's `next_cursor`: the page after it. */
  after?: string;
  /** A page's `prev_cursor`: the page before it. */
  before?: string;
  sort?: LeadSort;
  /** Searches names, company, position and e-mail. */
  q?: string;
  stage?: LeadStage | 'tracked' | 'untracked';
  monitored?: boolean;
  min_score?: number;
  source?: LeadSource;
  /** ISO date: leads with a signal on or after it. */
  has_signal_since?: string;
}

/** The query of a list read by page number (`GET /api/lead-imports`, `/api/comment-drafts`, `/api/automation-rules`). */
export interface PageQuery {
  page?: number;
  pageSize?: number;
}

/** The query of `GET /api/leads/board`: how many cards each column shows at most. */
export interface BoardQuery {
  per_column?: number;
}

/** The fields a lead's creation and its edit share. */
export type LeadFields = Omit<CreateLeadRequest, 'profile_url' | 'first_name'>;

/** POST /api/leads: a lead added by hand (the member fills the fields; nothing is fetched). */
export interface CreateLeadRequest {
  profile_url?: string | null;
  first_name: string;
  last_name?: string;
  position?: string | null;
  company?: string | null;
  location?: string | null;
  email?: string | null;
  headline?: string | null;
  stage?: LeadStage | null;
  monitored?: boolean;
}

/** PATCH /api/leads/:id. */
export interface UpdateLeadRequest {
  first_name?: string;
  last_name?: string;
  position?: string | null;
  company?: string | null;
  location?: string | null;
  email?: string | null;
  headline?: string | null;
  stage?: LeadStage | null;
  /** The card's place in its column, from 0; past the end puts it last. */
  position_in_stage?: number;
  /** With `stage` `won` or `lost`: why (optional). */
  stage_reason?: string | null;
  monitored?: boolean;
  snoozed_until?: string | null;
}

/** POST /api/leads/:id/signals: engagement the member saw and logs. */
export interface LogSignalRequest {
  kind: ManualSignalKind;
  /** ISO date-time; now when absent. */
  occurred_at?: string;
  post_url?: string | null;
  note?: string | null;
}

export interface CreateNoteRequest {
  body: string;
}

export interface CreateTaskRequest {
  title: string;
  due_at?: string | null;
}

export interface UpdateTaskRequest {
  title?: string;
  due_at?: string | null;
  done?: boolean;
}

export const TASK_DUE_FILTERS = ['overdue', 'today', 'upcoming'] as const;
export type TaskDueFilter = (typeof TASK_DUE_FILTERS)[number];

/** The query of `GET /api/tasks`. */
export interface TaskListQuery {
  due?: TaskDueFilter;
  done?: boolean;
  lead_id?: string;
  page?: number;
  pageSize?: number;
}

/** A task with the lead it is about, as the tasks list shows it. */
export interface TaskWithLead<TDate = string> extends Task<TDate> {
  lead: { id: string; first_name: string; last_name: string; company: string | null };
}

/** One entry of a lead's timeline, newest first. */
export type TimelineEntry<TDate = string> =
  | { type: 'signal'; at: TDate; signal: Signal<TDate> }
  | { type: 'note'; at: TDate; note: Note<TDate> }
  | { type: 'task'; at: TDate; task: Task<TDate> }
  | { type: 'stage'; at: TDate; stage_change: StageChange<TDate> };

/** A lead moved between stages (into or out of the pipeline), with the reason given for won or lost. */
export interface StageChange<TDate = string> {
  id: string;
  from: LeadStage | null;
  to: LeadStage | null;
  reason: string | null;
  at: TDate;
}

export interface Timeline<TDate = string> {
  data: TimelineEntry<TDate>[];
}

export interface UsageCounter {
  used: number;
  /** null: unlimited. */
  allowed: number | null;
}

/** `GET /api/me/usage`. */
export interface Usage<TDate = string> {
  profiles_tracked: UsageCounter;
  profiles_monitored: UsageCounter;
  ai_credits: UsageCounter & { resets_at: TDate };
}

/** The back office's lead usage of a member: counts only, never a lead. */
export interface AdminLeadUsage {
  leads: number;
  tracked: number;
  monitored: number;
  ai_credits_used: number;
  imports: number;
}

export type UsageLimitName = 'profiles_tracked' | 'profiles_monitored' | 'ai_credits';

/** The details of a 403 `plan_limit_reached`. */
export interface PlanLimitReached {
  limit: UsageLimitName;
  used: number;
  allowed: number;
}

/** The error codes of the lead workspace, and the message each answers with. */
export const LEAD_ERRORS = {
  lead_not_found: 'We could not find that lead.',
  lead_exists: 'This lead is already in your workspace.',
  note_not_found: 'We could not find that note.',
  task_not_found: 'We could not find that task.',
  import_not_found: 'We could not find that import.',
  import_too_large:
    'That file is too large. An archive may hold up to 100 MB, 2,000 files and 1 GB unpacked.',
  import_unreadable: 'We could not read that file. Upload the ZIP LinkedIn sent you, or a CSV.',
  import_file_required: 'Choose a ZIP or CSV file to import.',
  import_failed: 'The import could not be finished. Please try again.',
  plan_limit_reached: 'You have reached your plan’s limit. Upgrade to add more.',
  plan_suspended:
    'Your plan is suspended until the unpaid invoice is paid. You can still read and export your leads.',
} as const;
export type LeadErrorCode = keyof typeof LEAD_ERRORS;

const PROFILE_PATH = /(?:^|\/\/|\.|\/)linkedin\.com\/in\/([^/?#\s]+)/i;

/**
 * The `/in/<slug>` part of a LinkedIn profile URL, lower-case and decoded
 * (`https://www.linkedin.com/in/J%C3%BCrgen-M-12/` → `jürgen-m-12`); null when the text is not
 * a profile URL.
 */
export function profileSlug(url: string | null | undefined): string | null {
  const match = url ? PROFILE_PATH.exec(url.trim()) : null;
  if (!match) return null;
  let slug = match[1];
  try {
    slug = decodeURIComponent(slug);
  } catch {
    // A stray % is kept as written.
  }
  slug = slug.trim().toLowerCase();
  return slug.length > 0 && slug.length <= 200 ? slug : null;
}

/** The canonical profile URL of a slug. */
export function profileUrlOf(slug: string): string {
  return `https://www.linkedin.com/in/${encodeURIComponent(slug)}`;
}
