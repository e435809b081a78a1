/**
 * The demo members' past: when each bought, changed plan, was refunded, saw their card decline or
 * cancelled. On a Stripe sandbox the seed starts the test clock about thirteen months back and
 * plays these steps forward on it, so renewals, plan changes, failed payments and cancellations
 * happen in Stripe as they would have, and the dashboard's twelve months have a history to show.
 */
import type { MemberPlan } from './seed-stripe.js';

const DAY = 86_400;
/** A month on average, for steps counted in months (the clock renews by calendar month). */
const MONTH = 30.44 * DAY;

/** How far back the history starts: past the chart's twelve months, so its first is not a spike. */
export const HISTORY_DAYS = 395;

/**
 * Only the first users get a past: each renewal adds to the local sandbox's state, which it reads
 * whole at every start. Members after them buy at the time of the seed.
 */
export const HISTORY_USERS = 200;

/** When each step of a member's history happens, in Unix seconds on the test clock. */
export interface MemberTimeline {
  start: number;
  /** The change from the plan they bought first to the one they hold now. */
  upgrade?: number;
  refund?: number;
  /** From when their card declines (past-due members; at `start` when it always has). */
  declines?: number;
  /** The cancellation, or the request to cancel at the period's end. */
  ending?: number;
}

/** The history's window: nothing happens before `from` or after `to` (the seed's present). */
export interface HistoryWindow {
  from: number;
  to: number;
}

/** A window of no past at all: everything happens at the seed's present. */
export const presentOnly = (now: number): HistoryWindow => ({ from: now, to: now });

/** `months` calendar months before `time` (Unix seconds). */
function monthsBefore(time: number, months: number): number {
  const date = new Date(time * 1000);
  date.setUTCMonth(date.getUTCMonth() - months);
  return Math.floor(date.getTime() / 1000);
}

/**
 * User `n`'s history, from when they signed up: they buy within days of it; past-due members'
 * card starts declining days before their last renewal (which still has retries ahead, so they
 * are past due now) after at least one paid period, cancelled members leave after a few months, those ending at the period's
 * end and the Setup Required buyers act at the present.
 */
export function memberTimeline(
  n: number,
  plan: MemberPlan,
  signedUpAt: number,
  window: HistoryWindow,
): MemberTimeline {
  const at = (time: number) => Math.round(Math.min(Math.max(time, window.from), window.to));
  const earliest = Math.max(signedUpAt + 3600, window.from);
  let start = plan.setupRequired ? window.to : at(signedUpAt + ((n % 9) + 1) * DAY);
  let declines: number | undefined;
  if (plan.card === 'pm_card_chargeCustomerFail') {
    // A renewal 4 to 10 days ago, after 1 to 11 paid months, with the card declining since.
    const renewal = window.to - ((n % 7) + 4) * DAY;
    const most = (Math.floor(n / 6) % 11) + 1;
    const months = Array.from({ length: most }, (_, index) => most - index).find(
      (count) => monthsBefore(renewal, count) >= earliest,
    );
    // Dunning acts on a failed renewal only (a failed first payment leaves no plan to keep): a
    // member who signed up too late for a renewal to have failed keeps paying with a card that
    // works, so that every past-due member has the payment issue dunning would have given them.
    if (months) {
      start = monthsBefore(renewal, months);
      declines = renewal - 3 * DAY;
    }
  }
  const after = (days: number) => at(start + days * DAY);
  return {
    start,
    ...(plan.firstPlan !== plan.plan
      ? { upgrade: at(start + ((n % 3) + 1) * MONTH + 12 * DAY) }
      : {}),
    ...(plan.refund !== 'none' ? { refund: after(2) } : {}),
    ...(declines !== undefined ? { declines } : {}),
    ...(plan.ending === 'canceled'
      ? { ending: at(start + ((n % 4) + 1) * MONTH + 5 * DAY) }
      : plan.ending === 'at_period_end'
        ? { ending: window.to }
        : {}),
  };
}

/** One step of a member's history, to run when the clock reaches `at`. */
export interface HistoryStep {
  at: number;
  member: number;
  kind: keyof MemberTimeline;
}

/** The order of a member's steps that fall at the same time. */
const STEP_ORDER: (keyof MemberTimeline)[] = ['start', 'upgrade', 'declines', 'refund', 'ending'];

/**
 * Every member's steps grouped by day, in time order: the clock moves to each day's last step,
 * then the day's steps run (each member's in order; members side by side).
 */
export function stepsByDay(timelines: MemberTimeline[]): HistoryStep[][] {
  const steps = timelines.flatMap((timeline, member) =>
    STEP_ORDER.flatMap((kind) =>
      timeline[kind] === undefined ? [] : [{ at: timeline[kind], member, kind }],
    ),
  );
  steps.sort(
    (a, b) =>
      a.at - b.at || a.member - b.member || STEP_ORDER.indexOf(a.kind) - STEP_ORDER.indexOf(b.kind),
  );
  const days = new Map<number, HistoryStep[]>();
  for (const step of steps) {
    const day = Math.floor(step.at / DAY);
    days.set(day, [...(days.get(day) ?? []), step]);
  }
  return [...days.values()];
}
