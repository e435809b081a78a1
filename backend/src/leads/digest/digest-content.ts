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

const fullName = (person: { first_name: string; last_name: string }) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ').trim() || 'Unnamed lead';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 leads worth a touch and 2 tasks due", from what the digest holds. */
export function digestSummary(leads: number, tasks: number): string {
  const parts = [];
  if (leads > 0) parts.push(`${plural(leads, 'lead', 'leads')} worth a touch`);
  if (tasks > 0) parts.push(`${plural(tasks, 'task', 'tasks')} due`);
  return parts.join(' and ');
}

export interface DigestInput {
  firstName: string | null;
  now: Date;
  timeZone: string;
  /** When the member's day began. */
  dayStart: Date;
  today: TodayItem<Date>[];
  tasks: DueTaskRow[];
}

/** The e-mail's data: Today's ten and the tasks due; null when there is nothing to say. */
export function digestData(input: DigestInput): DigestData | null {
  const { today, tasks, timeZone } = input;
  if (today.length === 0 && tasks.length === 0) return null;
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
    summary: digestSummary(leads.length, tasks[0]?.total ?? 0),
    leads,
    tasks: taskItems,
    link: '/dashboard/today',
    tasksLink: '/dashboard/tasks',
    settingsLink: '/dashboard/settings?tab=notifications',
  };
}
