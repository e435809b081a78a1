import {
  HISTORY_DAYS,
  memberTimeline,
  presentOnly,
  stepsByDay,
  type MemberTimeline,
} from './seed-history.js';
import { memberPlan } from './seed-stripe.js';

const DAY = 86_400;
const now = Date.UTC(2026, 10, 24, 9, 30) / 1000;
const window = { from: now - HISTORY_DAYS * DAY, to: now };
/** Users signed up over 400 days, as the seed spreads them. */
const signedUp = (n: number) => now - ((n * 7919) % (400 * 24 * 60)) * 60;

const members = Array.from({ length: 200 }, (_, index) => index + 1).flatMap((n) => {
  const plan = memberPlan(n);
  return plan ? [{ n, plan, timeline: memberTimeline(n, plan, signedUp(n), window) }] : [];
});
const times = (timeline: MemberTimeline) =>
  Object.values(timeline).filter((time): time is number => time !== undefined);

describe('memberTimeline', () => {
  it('keeps every step inside the window, after the member signed up', () => {
    for (const { n, timeline } of members) {
      for (const time of times(timeline)) {
        expect(time).toBeGreaterThanOrEqual(window.from);
        expect(time).toBeLessThanOrEqual(window.to);
      }
      expect(timeline.start).toBeGreaterThanOrEqual(Math.min(signedUp(n), window.to));
      for (const time of times(timeline)) expect(time).toBeGreaterThanOrEqual(timeline.start);
    }
  });

  it('spreads purchases over the year, most of them months back', () => {
    const months = new Set(
      members.map(({ timeline }) => new Date(timeline.start * 1000).toISOString().slice(0, 7)),
    );
    expect(months.size).toBeGreaterThanOrEqual(12);
    const olderThanAMonth = members.filter(({ timeline }) => timeline.start < now - 31 * DAY);
    expect(olderThanAMonth.length).toBeGreaterThan(members.length / 2);
  });

  it('has past-due cards decline before a renewal days ago, after a paid period, with retries still ahead', () => {
    const declining = members.filter(({ plan }) => plan.card === 'pm_card_chargeCustomerFail');
    const pastDue = declining.filter(({ timeline }) => timeline.declines !== undefined);
    expect(pastDue.length).toBeGreaterThan(10);
    for (const { timeline } of pastDue) {
      // The last retry comes 14 days after the failed renewal, so it has not come yet.
      expect(timeline.declines!).toBeGreaterThan(now - 14 * DAY);
      // A renewal failed, not the first payment: dunning gives them a payment issue.
      expect(timeline.declines! - timeline.start).toBeGreaterThan(24 * DAY);
    }
    // Those who signed up too late for a renewal keep a card that works.
    for (const { n, timeline } of declining.filter(({ timeline }) => !timeline.declines))
      expect(timeline.start).toBeGreaterThan(signedUp(n));
  });

  it('has Setup Required buyers and period-end cancellations act at the present', () => {
    for (const { plan, timeline } of members) {
      if (plan.setupRequired) expect(timeline.start).toBe(now);
      if (plan.ending === 'at_period_end') expect(timeline.ending).toBe(now);
      if (plan.ending === 'canceled') expect(timeline.ending).toBeGreaterThan(timeline.start);
      if (plan.firstPlan !== plan.plan) expect(timeline.upgrade).toBeGreaterThan(timeline.start);
    }
  });

  it('puts everything at the present without a window', () => {
    for (const { n, plan } of members)
      for (const time of times(memberTimeline(n, plan, signedUp(n), presentOnly(now))))
        expect(time).toBe(now);
  });
});

describe('stepsByDay', () => {
  it('groups steps by day in time order, each member’s in the order they happen', () => {
    const days = stepsByDay(members.map(({ timeline }) => timeline));
    expect(days.flat()).toHaveLength(members.reduce((sum, m) => sum + times(m.timeline).length, 0));
    let last = -Infinity;
    for (const day of days) {
      const dayOf = Math.floor(day[0].at / DAY);
      for (const step of day) {
        expect(Math.floor(step.at / DAY)).toBe(dayOf);
        expect(step.at).toBeGreaterThanOrEqual(last);
        last = step.at;
      }
    }
    const sameTime = stepsByDay([{ start: now, ending: now, refund: now }]).flat();
    expect(sameTime.map((step) => step.kind)).toEqual(['start', 'refund', 'ending']);
  });
});
