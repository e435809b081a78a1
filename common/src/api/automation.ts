/** Automation rules (LEADS.md "Pipeline, tasks, analytics, automation" and the `Rule` shape). */
import type { Lead, LeadStage, Signal, SignalKind } from './leads.js';

/**
 * What starts a rule. `stage_changed` is the member's own move of a lead to a stage: a rule's
 * own move never starts one.
 */
export const AUTOMATION_TRIGGER_KINDS = [
  'new_signal',
  'score_crossed',
  'job_change',
  'task_overdue',
  'stage_changed',
] as const;
export type AutomationTriggerKind = (typeof AUTOMATION_TRIGGER_KINDS)[number];

export const AUTOMATION_ACTION_TYPES = [
  'create_task',
  'move_stage',
  'monitor',
  'email',
  'webhook',
] as const;
export type AutomationActionType = (typeof AUTOMATION_ACTION_TYPES)[number];

export interface AutomationTrigger {
  kind: AutomationTriggerKind;
  /** `new_signal`: the kinds that start the rule (at least one). */
  signal_kinds?: SignalKind[];
  /** `score_crossed`: the score a lead's rises to or past (1–100). */
  score?: number;
  /** `stage_changed`: the stages entered that start the rule; none: any stage. */
  stages?: LeadStage[];
}

export interface AutomationConditions {
  /** The lead is in one of these stages. */
  stages?: LeadStage[];
  /** The lead is (true) or is not (false) monitored. */
  monitored?: boolean;
  /** The lead's score is at least this. */
  min_score?: number;
}

export type AutomationAction =
  | { type: 'create_task'; title: string; due_in_days: number }
  | { type: 'move_stage'; stage: LeadStage }
  | { type: 'monitor' }
  | { type: 'email'; when: 'now' | 'digest' }
  | { type: 'webhook'; url: string };

/** A rule as every answer shows it; its webhook secret is answered once, at creation. */
export interface AutomationRule<TDate = string> {
  id: string;
  name: string;
  enabled: boolean;
  trigger: AutomationTrigger;
  conditions: AutomationConditions;
  actions: AutomationAction[];
  /** How many times the rule has run, and when last. */
  runs_count: number;
  last_run_at: TDate | null;
  created_at: TDate;
  updated_at: TDate;
}

/** `POST /api/automation-rules`: the rule, with the secret its webhooks are signed with. */
export interface AutomationRuleCreated<TDate = string> extends AutomationRule<TDate> {
  webhook_secret: string;
}

/** `POST /api/automation-rules`. */
export interface CreateAutomationRuleRequest {
  name: string;
  enabled?: boolean;
  trigger: AutomationTrigger;
  conditions?: AutomationConditions;
  actions: AutomationAction[];
}

/** `PATCH /api/automation-rules/:id`: any of the fields. */
export type UpdateAutomationRuleRequest = Partial<CreateAutomationRuleRequest>;

/** `POST /api/automation-rules/preview`: the current leads a rule would match. */
export interface AutomationPreviewRequest {
  trigger: AutomationTrigger;
  conditions?: AutomationConditions;
}

export const AUTOMATION_PREVIEW_LIMIT = 10;

export interface AutomationPreview {
  /** Every current lead the rule matches. */
  count: number;
  /** The first ten, highest score first. */
  leads: Pick<
    Lead,
    'id' | 'first_name' | 'last_name' | 'company' | 'position' | 'score' | 'stage' | 'monitored'
  >[];
}

export const WEBHOOK_DELIVERY_STATUSES = [
  'pending',
  'delivered',
  'retrying',
  'failed',
  'refused',
] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** A webhook call of a run: its answer, as far as it went. */
export interface WebhookDelivery<TDate = string> {
  id: string;
  url: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The receiver's HTTP status on the last attempt. */
  response_status: number | null;
  /** The first 500 characters of the receiver's last answer. */
  response_body: string | null;
  /** Why the last attempt failed or was refused. */
  error: string | null;
  last_attempt_at: TDate | null;
  delivered_at: TDate | null;
}

export type AutomationActionStatus = 'done' | 'skipped' | 'failed' | 'queued';

/** What one action of a run did. */
export interface AutomationActionResult {
  type: AutomationActionType;
  status: AutomationActionStatus;
  /** In words: the task made, the stage, why it was skipped or failed. */
  detail: string;
}

export type AutomationRunOutcome = 'done' | 'partial' | 'failed';

/** One run of a rule on a lead. `GET /api/automation-rules/:id/runs`, `GET /api/automation-runs`. */
export interface AutomationRun<TDate = string> {
  id: string;
  rule: { id: string; name: string };
  lead: Pick<Lead, 'id' | 'first_name' | 'last_name' | 'company'>;
  /** What started it: the trigger kind, with the signal kind, score or stage. */
  trigger: {
    kind: AutomationTriggerKind;
    signal_kind?: SignalKind;
    score?: number;
    stage?: LeadStage;
  };
  actions: AutomationActionResult[];
  outcome: AutomationRunOutcome;
  webhooks: WebhookDelivery<TDate>[];
  created_at: TDate;
}

/** The body a rule's webhook receives (JSON), signed in `LeadPulse-Signature`. */
export interface AutomationWebhookPayload {
  id: string;
  type: 'rule.matched';
  /** Unix seconds. */
  created: number;
  rule: { id: string; name: string };
  lead: Lead;
  signal?: Signal;
}

/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the rule's secret>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'LeadPulse-Signature';

export const AUTOMATION_LIMITS = {
  /** Rules a workspace may keep. */
  rules: 50,
  actions: 5,
  nameLength: 120,
  taskTitleLength: 500,
  maxDueInDays: 365,
} as const;

export const AUTOMATION_ERRORS = {
  automation_rule_not_found: 'We could not find that rule.',
  automation_rule_limit: `A workspace may keep up to ${AUTOMATION_LIMITS.rules} rules. Delete one to add another.`,
} as const;
