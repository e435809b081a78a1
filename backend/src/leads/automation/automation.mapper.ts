import type {
  AutomationAction,
  AutomationActionResult,
  AutomationConditions,
  AutomationRule,
  AutomationRun,
  AutomationRunOutcome,
  AutomationTrigger,
  WebhookDelivery,
  WebhookDeliveryStatus,
} from '@leadpulse/common';

/** A rule's row, with its run count and last run. */
export interface RuleRow {
  id: string;
  workspace_id: string;
  name: string;
  enabled: boolean;
  trigger: AutomationTrigger;
  conditions: AutomationConditions;
  actions: AutomationAction[];
  webhook_secret: string;
  runs_count?: number;
  last_run_at?: Date | null;
  created_at: Date;
  updated_at: Date;
}

export function toRule(row: RuleRow): AutomationRule<Date> {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    trigger: row.trigger,
    conditions: row.conditions,
    actions: row.actions,
    runs_count: row.runs_count ?? 0,
    last_run_at: row.last_run_at ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export interface DeliveryRow {
  id: string;
  run_id: string;
  url: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
}

export function toDelivery(row: DeliveryRow): WebhookDelivery<Date> {
  return {
    id: row.id,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    response_status: row.response_status,
    response_body: row.response_body,
    error: row.error,
    last_attempt_at: row.last_attempt_at,
    delivered_at: row.delivered_at,
  };
}

export interface RunRow {
  id: string;
  rule_id: string;
  rule_name: string;
  lead_id: string;
  first_name: string;
  last_name: string;
  company: string | null;
  trigger: AutomationRun['trigger'];
  actions: AutomationActionResult[];
  outcome: AutomationRunOutcome;
  created_at: Date;
}

export function toRun(row: RunRow, deliveries: DeliveryRow[]): AutomationRun<Date> {
  return {
    id: row.id,
    rule: { id: row.rule_id, name: row.rule_name },
    lead: {
      id: row.lead_id,
      first_name: row.first_name,
      last_name: row.last_name,
      company: row.company,
    },
    trigger: row.trigger,
    actions: row.actions,
    outcome: row.outcome,
    webhooks: deliveries.filter((d) => d.run_id === row.id).map(toDelivery),
    created_at: row.created_at,
  };
}
