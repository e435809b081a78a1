import type {
  AutomationAction,
  AutomationRule,
  AutomationTrigger,
  AutomationTriggerKind,
  LeadStage,
} from '@leadpulse/common';
import { SIGNAL_LABELS } from '../leads/lead-labels';

export const TRIGGER_LABELS: Record<AutomationTriggerKind, string> = {
  new_signal: 'A new signal',
  score_crossed: 'The score reaches',
  job_change: 'A job change',
  task_overdue: 'A task is overdue',
  stage_changed: 'I move the lead to a stage',
};

export const STAGE_LABELS: Record<LeadStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  conversation: 'Conversation',
  meeting: 'Meeting',
  won: 'Won',
  lost: 'Lost',
};

export function triggerText(trigger: AutomationTrigger): string {
  switch (trigger.kind) {
    case 'new_signal':
      return `When a lead: ${(trigger.signal_kinds ?? []).map((k) => SIGNAL_LABELS[k].toLowerCase()).join(' or ')}`;
    case 'score_crossed':
      return `When a lead’s score reaches ${trigger.score}`;
    case 'stage_changed':
      return trigger.stages?.length
        ? `When I move a lead to ${trigger.stages.map((s) => STAGE_LABELS[s]).join(' or ')}`
        : 'When I move a lead to a stage';
    case 'job_change':
      return 'When a lead changes jobs';
    case 'task_overdue':
      return 'When a task on a lead is overdue';
  }
}

export function actionText(action: AutomationAction): string {
  switch (action.type) {
    case 'create_task':
      return `create the task “${action.title}” due in ${action.due_in_days} day${action.due_in_days === 1 ? '' : 's'}`;
    case 'move_stage':
      return `move to ${STAGE_LABELS[action.stage]}`;
    case 'monitor':
      return 'start monitoring';
    case 'email':
      return action.when === 'now' ? 'e-mail me now' : 'add to my daily digest';
    case 'webhook':
      return `call ${action.url}`;
  }
}

export function conditionsText(rule: Pick<AutomationRule, 'conditions'>): string | null {
  const parts: string[] = [];
  const { stages, monitored, min_score } = rule.conditions;
  if (stages?.length) parts.push(`is in ${stages.map((s) => STAGE_LABELS[s]).join(' or ')}`);
  if (monitored !== undefined) parts.push(monitored ? 'is monitored' : 'is not monitored');
  if (min_score !== undefined) parts.push(`has a score of at least ${min_score}`);
  return parts.length ? `If the lead ${parts.join(' and ')}` : null;
}
