import {
  AUTOMATION_ACTION_TYPES,
  AUTOMATION_LIMITS,
  AUTOMATION_TRIGGER_KINDS,
  LEAD_STAGES,
  SIGNAL_KINDS,
  type AutomationAction,
  type AutomationConditions,
  type AutomationTrigger,
  type LeadStage,
} from '@leadpulse/common';
import type { AutomationEvent } from './automation-events.js';

/** A field of the rule and what is wrong with it, as the form shows it. */
export class RuleProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function stagesOf(value: unknown, field: string): LeadStage[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((stage) => !LEAD_STAGES.includes(stage as LeadStage)))
    throw new RuleProblem(field, `Choose stages among ${LEAD_STAGES.join(', ')}.`);
  return value.length > 0 ? [...new Set(value as LeadStage[])] : undefined;
}

function scoreOf(value: unknown, field: string, min: number): number {
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > 100)
    throw new RuleProblem(field, `Enter a whole score from ${min} to 100.`);
  return value as number;
}

/** The trigger as stored: only the fields its kind reads. */
export function parseTrigger(value: unknown): AutomationTrigger {
  if (!isObject(value) || !AUTOMATION_TRIGGER_KINDS.includes(value.kind as never))
    throw new RuleProblem('trigger', 'Choose what starts the rule.');
  const kind = value.kind as AutomationTrigger['kind'];
  if (kind === 'new_signal') {
    const kinds = value.signal_kinds;
    if (!Array.isArray(kinds) || kinds.length === 0)
      throw new RuleProblem('trigger.signal_kinds', 'Choose at least one kind of signal.');
    if (kinds.some((k) => !SIGNAL_KINDS.includes(k as never)))
      throw new RuleProblem('trigger.signal_kinds', 'Choose signal kinds from the list.');
    return { kind, signal_kinds: [...new Set(kinds as AutomationTrigger['signal_kinds'] & [])] };
  }
  if (kind === 'score_crossed') return { kind, score: scoreOf(value.score, 'trigger.score', 1) };
  if (kind === 'stage_changed') {
    const stages = stagesOf(value.stages, 'trigger.stages');
    return stages ? { kind, stages } : { kind };
  }
  return { kind };
}

export function parseConditions(value: unknown): AutomationConditions {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new RuleProblem('conditions', 'The conditions are not valid.');
  const conditions: AutomationConditions = {};
  const stages = stagesOf(value.stages, 'conditions.stages');
  if (stages) conditions.stages = stages;
  if (value.monitored !== undefined && value.monitored !== null) {
    if (typeof value.monitored !== 'boolean')
      throw new RuleProblem('conditions.monitored', 'Choose monitored or not monitored.');
    conditions.monitored = value.monitored;
  }
  if (value.min_score !== undefined && value.min_score !== null)
    conditions.min_score = scoreOf(value.min_score, 'conditions.min_score', 0);
  return conditions;
}

/**
 * The actions as stored. `checkUrl` refuses a webhook address the server would not call (plain
 * HTTP or a private address outside development), so the member hears of it at once.
 */
export function parseActions(
  value: unknown,
  checkUrl: (url: URL) => string | null,
): AutomationAction[] {
  if (!Array.isArray(value) || value.length === 0)
    throw new RuleProblem('actions', 'Add at least one action.');
  if (value.length > AUTOMATION_LIMITS.actions)
    throw new RuleProblem('actions', `A rule may have up to ${AUTOMATION_LIMITS.actions} actions.`);
  return value.map((action, index): AutomationAction => {
    const field = `actions.${index}`;
    if (!isObject(action) || !AUTOMATION_ACTION_TYPES.includes(action.type as never))
      throw new RuleProblem(field, 'Choose what the action does.');
    switch (action.type) {
      case 'create_task': {
        const title = typeof action.title === 'string' ? action.title.trim() : '';
        if (!title || title.length > AUTOMATION_LIMITS.taskTitleLength)
          throw new RuleProblem(
            `${field}.title`,
            `Enter the task’s title (up to ${AUTOMATION_LIMITS.taskTitleLength} characters).`,
          );
        const days = action.due_in_days;
        if (!Number.isInteger(days) || (days as number) < 0 || (days as number) > 365)
          throw new RuleProblem(`${field}.due_in_days`, 'Enter a number of days from 0 to 365.');
        return { type: 'create_task', title, due_in_days: days as number };
      }
      case 'move_stage':
        if (!LEAD_STAGES.includes(action.stage as LeadStage))
          throw new RuleProblem(`${field}.stage`, 'Choose the stage to move the lead to.');
        return { type: 'move_stage', stage: action.stage as LeadStage };
      case 'monitor':
        return { type: 'monitor' };
      case 'email':
        if (action.when !== 'now' && action.when !== 'digest')
          throw new RuleProblem(`${field}.when`, 'Choose now or in the daily digest.');
        return { type: 'email', when: action.when };
      default: {
        const url =
          typeof action.url === 'string' && URL.canParse(action.url.trim())
            ? new URL(action.url.trim())
            : null;
        if (!url || !['http:', 'https:'].includes(url.protocol) || url.href.length > 2048)
          throw new RuleProblem(
            `${field}.url`,
            'Enter the webhook’s address, starting with https://.',
          );
        const refused = checkUrl(url);
        if (refused) throw new RuleProblem(`${field}.url`, refused);
        return { type: 'webhook', url: url.href };
      }
    }
  });
}

export function parseName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name || name.length > AUTOMATION_LIMITS.nameLength)
    throw new RuleProblem(
      'name',
      `Name the rule (up to ${AUTOMATION_LIMITS.nameLength} characters).`,
    );
  return name;
}

/** Whether the event starts a rule with this trigger. */
export function triggerMatches(trigger: AutomationTrigger, event: AutomationEvent): boolean {
  switch (trigger.kind) {
    case 'new_signal':
      return event.type === 'signal' && !!trigger.signal_kinds?.includes(event.signal_kind);
    case 'job_change':
      return event.type === 'signal' && event.signal_kind === 'job_change';
    case 'score_crossed':
      return event.type === 'score' && event.from < trigger.score! && event.to >= trigger.score!;
    case 'stage_changed':
      return (
        event.type === 'stage' && (!trigger.stages?.length || trigger.stages.includes(event.stage))
      );
    case 'task_overdue':
      return event.type === 'task_overdue';
  }
}

/** The lead as the conditions read it. */
export interface LeadFactsForRule {
  stage: LeadStage | null;
  monitored: boolean;
  score: number;
}

export function conditionsMatch(conditions: AutomationConditions, lead: LeadFactsForRule): boolean {
  if (conditions.stages?.length && (!lead.stage || !conditions.stages.includes(lead.stage)))
    return false;
  if (conditions.monitored !== undefined && lead.monitored !== conditions.monitored) return false;
  if (conditions.min_score !== undefined && lead.score < conditions.min_score) return false;
  return true;
}
