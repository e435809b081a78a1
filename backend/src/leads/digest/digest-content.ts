import type { EntityManager } from 'typeorm';
import type { TodayItem } from '@leadpulse/common';
import type {
  DigestLeadItem,
  DigestTaskItem,
  DigestTemplateData,
} from '../../mail/digest-template.js';

/** The most tasks one digest lists; the rest are behind "See all your tasks". */
export const DIGEST_TASKS = 20;

export type DigestData = DigestTemplateData['daily-digest'];

/** An open task due before the member's day ends, with its lead's name. */
export interface DueTaskRow {
  id: string;
  title: string;
  due_at: Date;
  lead_id: string;
  first_name: string;
  last_name: string;
  /** How many such tasks the workspace has in all. */
  total: number;
}

/** The workspace's open tasks due before `dayEnd` (overdue ones first), at most DIGEST_TASKS. */
export async function tasksDue(
  manager: EntityManager,
  workspaceId: string,
  dayEnd: Date,
): Promise<DueTaskRow[]> {
  const rows = (await manager.query(
    `SELECT t.id, t.title, t.due_at, t.lead_id, l.first_name, l.last_name,
            count(*) OVER ()::int AS total
       FROM lead_tasks t JOIN leads l ON l.id = t.lead_id
      WHERE t.workspace_id = $1 AND t.done_at IS NULL AND t.due_at < $2
      ORDER BY t.due_at, t.id
      LIMIT ${DIGEST_TASKS}`,
    [workspaceId, dayEnd],
  )) as DueTaskRow[];
  return rows.map((row) => ({ ...row, due_at: new Date(row.due_at) }));
}

/** How many rule matches one digest lists, and how far back it looks for them. */
export const DIGEST_MATCHES = 20;
const MATCHES_DAYS = 7;

/** An automation run whose "e-mail me in the daily digest" action waits for the next digest. */
export interface QueuedMatchRow {
  id: string;
  created_at: Date;
  rule_name: string;
  lead_id: string;
  first_name: string;
  last_name: string;
}

/** The workspace's runs waiting for the digest (of the last week), oldest first. */
export async function queuedMatches(
  manager: EntityManager,
  workspaceId: string,
): Promise<QueuedMatchRow[]> {
  const rows = (await manager.query(
    `SELECT a.id, a.created_at, r.name AS rule_name, a.lead_id, l.first_name, l.last_name
       FROM automation_runs a
       JOIN automation_rules r ON r.id = a.rule_id
       JOIN leads l ON l.id = a.lead_id
      WHERE a.workspace_id = $1 AND a.created_at > now() - interval '${MATCHES_DAYS} days'
        AND a.actions @> '[{"type": "email", "status": "queued"}]'
      ORDER BY a.created_at, a.id
      LIMIT ${DIGEST_MATCHES}`,
    [workspaceId],
  )) as QueuedMatchRow[];
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at) }));
}

/** The runs' digest e-mail actions are done: sent in this digest, in its transaction. */
export async function markMatchesSent(manager: EntityManager, runIds: string[]): Promise<void> {
  if (runIds.length === 0) return;
  await manager.query(
    `UPDATE automation_runs SET actions = (
       SELECT jsonb_agg(CASE WHEN action->>'type' = 'email' AND action->>'status' = 'queued'
                             THEN action || '{"status": "done", "detail": "Sent in the daily digest"}'
                             ELSE action END ORDER BY position)
         FROM jsonb_array_elements(actions) WITH ORDINALITY AS listed(action, position))
      WHERE id = ANY($1)`,
    [runIds],
  );
}

const fullName = (person: { first_name: string; last_name: string }) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ').trim() || 'Unnamed lead';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 leads worth a touch, 2 tasks due and 1 rule match", from what the digest holds. */
export function digestSummary(leads: number, tasks: number, matches = 0): string {
  const parts = [];
  if (leads > 0) parts.push(`${plural(leads, 'lead', 'leads')} worth a touch`);
  if (tasks > 0) parts.push(`${plural(tasks, 'task', 'tasks')} due`);
  if (matches > 0) parts.push(plural(matches, 'rule match', 'rule matches'));
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts.join('');
}

export interface DigestInput {
  firstName: string | null;
  now: Date;
  timeZone: string;
  /** When the member's day began. */
  dayStart: Date;
  today: TodayItem<Date>[];
  tasks: DueTaskRow[];
  /** Rule matches waiting for this digest. */
  matches?: QueuedMatchRow[];
}

/** The e-mail's data: Today's ten and the tasks due; null when there is nothing to say. */
export function digestData(input: DigestInput): DigestData | null {
  const { today, tasks, timeZone } = input;
  const matches = input.matches ?? [];
  if (today.length === 0 && tasks.length === 0 && matches.length === 0) return null;
  const day = (date: Date, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(date);
  const leads: DigestLeadItem[] = today.map((item, index) => ({
    rank: index + 1,
    name: fullName(item.lead),
    role: [item.lead.position, item.lead.company].filter(Boolean).join(' at ') || undefined,
    reasons: item.reasons,
    nextStep: item.next_step,
    path: `/dashboard/leads/${item.lead.id}`,
  }));
  const taskItems: DigestTaskItem[] = tasks.map((task) => {
    const overdue = task.due_at < input.dayStart;
    return {
      title: task.title,
      leadName: fullName(task),
      due: overdue
        ? `Overdue since ${day(task.due_at, { month: 'long', day: 'numeric' })}`
        : `Due today at ${day(task.due_at, { hour: 'numeric', minute: '2-digit' })}`,
      overdue,
      path: `/dashboard/leads/${task.lead_id}`,
    };
  });
  return {
    ...(input.firstName ? { firstName: input.firstName } : {}),
    date: day(input.now, { weekday: 'long', month: 'long', day: 'numeric' }),
    summary: digestSummary(leads.length, tasks[0]?.total ?? 0, matches.length),
    leads,
    tasks: taskItems,
    matches: matches.map((match) => ({
      ruleName: match.rule_name,
      leadName: fullName(match),
      when: day(match.created_at, {
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
      path: `/dashboard/leads/${match.lead_id}`,
    })),
    link: '/dashboard/today',
    tasksLink: '/dashboard/tasks',
    ...(matches.length > 0 ? { automationLink: '/dashboard/automation' } : {}),
    settingsLink: '/dashboard/settings?tab=notifications',
  };
}
