/** Today's list (LEADS.md "Today"): which leads, why, and the one next step for each. */
import type { SignalKind } from '../api/leads.js';
import type { BreakdownLine } from '../api/leads.js';

export const TODAY_SIZE = 10;
/** Only leads with a signal this recent are in Today. */
export const TODAY_SIGNAL_DAYS = 30;
/** A monitored lead's signal this recent, and after the lead was last marked done, puts it first. */
export const TODAY_NEW_SIGNAL_DAYS = 7;
/** The most reasons an item shows. */
export const TODAY_REASONS = 3;

export const NEXT_STEP_KINDS = ['reply', 'congratulate', 'comment', 'follow_up'] as const;
export type NextStepKind = (typeof NEXT_STEP_KINDS)[number];

export interface NextStep {
  kind: NextStepKind;
  text: string;
}

/** The latest signal of each kind the lead has (absent kinds: none). */
export type LatestSignals = Partial<Record<SignalKind, Date>>;

const DAY_MS = 86_400_000;
const INBOUND_MESSAGES: SignalKind[] = ['message_received', 'replied'];
const OUTBOUND: SignalKind[] = ['message_sent', 'invitation_sent'];
const ON_MY_POSTS: SignalKind[] = ['commented_my_post', 'liked_my_post', 'viewed_my_profile'];
/** A message waits for a reply this long; a new role is news this long; engagement this long. */
const REPLY_DAYS = 14;
const JOB_CHANGE_DAYS = 30;
const ENGAGEMENT_DAYS = 14;

function latest(signals: LatestSignals, kinds: SignalKind[]): Date | null {
  let best: Date | null = null;
  for (const kind of kinds) {
    const at = signals[kind];
    if (at && (!best || at > best)) best = at;
  }
  return best;
}

function daysSince(at: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - at.getTime()) / DAY_MS));
}

/**
 * The next step for a lead, by the first rule that holds:
 * 1. they messaged or replied (in the last 14 days) after the member last wrote: reply;
 * 2. they changed jobs in the last 30 days: congratulate on the new role;
 * 3. they engaged with the member's posts or profile in the last 14 days: comment on their post;
 * 4. otherwise: follow up, after the days of silence since the last signal either way.
 */
export function nextStep(signals: LatestSignals, now: Date): NextStep {
  const inbound = latest(signals, INBOUND_MESSAGES);
  const outbound = latest(signals, OUTBOUND);
  if (inbound && daysSince(inbound, now) <= REPLY_DAYS && (!outbound || inbound > outbound))
    return { kind: 'reply', text: 'Reply to their message' };
  const jobChange = signals.job_change;
  if (jobChange && daysSince(jobChange, now) <= JOB_CHANGE_DAYS)
    return { kind: 'congratulate', text: 'Congratulate them on the new role' };
  const engaged = latest(signals, ON_MY_POSTS);
  if (engaged && daysSince(engaged, now) <= ENGAGEMENT_DAYS)
    return { kind: 'comment', text: 'Comment on their latest post' };
  const last = latest(signals, Object.keys(signals) as SignalKind[]);
  if (!last) return { kind: 'follow_up', text: 'Send them a first message' };
  const days = daysSince(last, now);
  return {
    kind: 'follow_up',
    text:
      days === 0
        ? 'Follow up today'
        : `Follow up after ${days} ${days === 1 ? 'day' : 'days'} of silence`,
  };
}

/** The top reasons of a Today item: the breakdown's biggest lines, "Title matches 'VP' (+18)". */
export function todayReasons(breakdown: BreakdownLine[], newSignal: boolean): string[] {
  const reasons = [...breakdown]
    .filter((line) => line.points > 0)
    .sort((a, b) => b.points - a.points)
    .slice(0, TODAY_REASONS)
    .map((line) => `${line.label} (+${line.points})`);
  return newSignal ? ['New signal on a monitored lead', ...reasons] : reasons;
}
