// A lead's signals for scoring: grouped by kind with their decay, and each group's breakdown line.
import type { SignalKind } from '../api/leads.js';

/** A lead's signals of one kind: how many, their decayed sum Σ 0.5^(age/half-life), the latest. */
export interface SignalGroup {
  kind: SignalKind;
  count: number;
  decayed: number;
  last_at: Date;
}

const DAY_MS = 86_400_000;

/** How much one signal of `age` days still counts: 1 today, ½ after a half-life. */
export function decayFactor(ageDays: number, halfLifeDays: number): number {
  return Math.pow(0.5, Math.max(0, ageDays) / halfLifeDays);
}

/** The signals grouped by kind, as the database's aggregate gives them. */
export function groupSignals(
  signals: { kind: SignalKind; occurred_at: Date }[],
  halfLifeDays: number,
  now: Date,
): SignalGroup[] {
  const groups = new Map<SignalKind, SignalGroup>();
  for (const signal of signals) {
    const age = (now.getTime() - signal.occurred_at.getTime()) / DAY_MS;
    const group = groups.get(signal.kind) ?? {
      kind: signal.kind,
      count: 0,
      decayed: 0,
      last_at: signal.occurred_at,
    };
    group.count += 1;
    group.decayed += decayFactor(age, halfLifeDays);
    if (signal.occurred_at > group.last_at) group.last_at = signal.occurred_at;
    groups.set(signal.kind, group);
  }
  return [...groups.values()];
}

const SIGNAL_LABELS: Record<SignalKind, [one: string, many: string]> = {
  connected: ['Connected with you', 'Connected with you'],
  invitation_received: ['Sent you an invitation', 'Sent you {n} invitations'],
  invitation_sent: ['You invited them', 'You invited them {n} times'],
  message_received: ['Messaged you', 'Messaged you {n} times'],
  message_sent: ['You messaged them', 'You messaged them {n} times'],
  endorsement: ['Endorsed you', 'Endorsed you {n} times'],
  recommendation: ['Recommended you', 'Recommended you {n} times'],
  job_change: ['Changed jobs', 'Changed jobs {n} times'],
  liked_my_post: ['Liked your post', 'Liked your posts {n} times'],
  commented_my_post: ['Commented on your post', 'Commented on your posts {n} times'],
  viewed_my_profile: ['Viewed your profile', 'Viewed your profile {n} times'],
  replied: ['Replied to you', 'Replied to you {n} times'],
  met: ['Met you', 'Met you {n} times'],
};

/** "today", "yesterday", "3 days ago". */
export function daysAgo(at: Date, now: Date): string {
  const days = Math.max(0, Math.floor((now.getTime() - at.getTime()) / DAY_MS));
  return days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`;
}

/** The line of a signal group: "Commented on your post 3 days ago", "Liked your posts 4 times, last today". */
export function signalLabel(group: SignalGroup, now: Date): string {
  const [one, many] = SIGNAL_LABELS[group.kind];
  const when = daysAgo(group.last_at, now);
  return group.count === 1
    ? `${one} ${when}`
    : `${many.replace('{n}', String(group.count))}, last ${when}`;
}
