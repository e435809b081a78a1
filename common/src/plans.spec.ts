import { describe, expect, it } from 'vitest';
import {
  FOUNDING_SPOTS,
  FREE_LIMITS,
  PLANS,
  PLAN_IDS,
  formatUsd,
  getPlan,
  isPlanId,
  usageLimitsFor,
} from './plans.js';

describe('plan catalogue', () => {
  it('holds the four plans of the spec with their prices and limits', () => {
    expect(PLAN_IDS).toEqual(['prospector', 'networker', 'rainmaker', 'founding_member']);
    expect(PLANS.prospector).toMatchObject({
      priceCents: 7_500,
      limits: { profiles_monitored: 5, profiles_tracked: 100, ai_credits: 1_000 },
    });
    expect(PLANS.networker).toMatchObject({
      priceCents: 14_500,
      limits: { profiles_monitored: 10, profiles_tracked: 300, ai_credits: 3_000 },
    });
    expect(PLANS.rainmaker).toMatchObject({
      priceCents: 19_900,
      limits: { profiles_monitored: 20, profiles_tracked: 500, ai_credits: 10_000 },
    });
  });

  it('prices the founding offer at $50 for 3 months with 40 spots', () => {
    expect(PLANS.founding_member).toMatchObject({ priceCents: 5_000, intervalCount: 3 });
    expect(FOUNDING_SPOTS).toBe(40);
  });

  it('gives every plan a description, an emoji, a colour and features', () => {
    for (const id of PLAN_IDS) {
      const plan = PLANS[id];
      expect(plan.id).toBe(id);
      expect(plan.description.length).toBeGreaterThan(0);
      expect(plan.emoji.length).toBeGreaterThan(0);
      expect(plan.features.length).toBeGreaterThan(0);
    }
  });

  it.each(['rainmaker', 'RAINMAKER', ' Rainmaker '])(
    'finds %j case- and space-insensitively',
    (name) => {
      expect(getPlan(name).id).toBe('rainmaker');
    },
  );

  it.each(['enterprise', '', null, undefined, 'free'])(
    'defaults unknown plan %j to Prospector',
    (name) => {
      expect(getPlan(name).id).toBe('prospector');
    },
  );

  it('recognises plan ids only', () => {
    expect(isPlanId('networker')).toBe(true);
    expect(isPlanId('free')).toBe(false);
    expect(isPlanId(42)).toBe(false);
  });

  it('formats cents as US dollars', () => {
    expect(formatUsd(7_500)).toBe('$75');
    expect(formatUsd(1_250)).toBe('$12.50');
    expect(formatUsd(123_456_700)).toBe('$1,234,567');
    expect(formatUsd(100_000)).toBe('$1,000');
    expect(formatUsd(99_900)).toBe('$999');
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(354_303)).toBe('$3,543.03');
    expect(formatUsd(-1_250)).toBe('-$12.50');
  });
});

describe('usageLimitsFor', () => {
  const member = {
    founding_member: false,
    founding_member_transitioned_at: null,
    subscription_plan: null as string | null,
    subscription_status: null as string | null,
    complimentary_plan: null as string | null,
  };

  it('gives a member without a plan the free limits', () => {
    expect(usageLimitsFor(member)).toEqual({
      profiles_monitored: 1,
      profiles_tracked: 25,
      ai_credits: 10,
    });
    expect(usageLimitsFor({ ...member, subscription_plan: 'free' })).toBe(FREE_LIMITS);
  });

  it('gives a running subscription its plan’s limits, and an ended one the free limits', () => {
    const networker = { ...member, subscription_plan: 'networker', subscription_status: 'active' };
    expect(usageLimitsFor(networker)).toEqual(PLANS.networker.limits);
    expect(usageLimitsFor({ ...networker, subscription_status: 'past_due' })).toEqual(
      PLANS.networker.limits,
    );
    expect(usageLimitsFor({ ...networker, subscription_status: 'canceled' })).toBe(FREE_LIMITS);
  });

  it('gives a founding member Rainmaker’s limits with unlimited monitoring until the move', () => {
    const founder = {
      ...member,
      founding_member: true,
      subscription_plan: 'founding_member',
      subscription_status: 'active',
    };
    expect(usageLimitsFor(founder)).toEqual({
      profiles_monitored: null,
      profiles_tracked: 500,
      ai_credits: 10_000,
    });
    expect(
      usageLimitsFor({
        ...founder,
        founding_member_transitioned_at: new Date(),
        subscription_plan: 'prospector',
      }),
    ).toEqual(PLANS.prospector.limits);
  });

  it('gives complimentary access its plan’s limits', () => {
    expect(usageLimitsFor({ ...member, complimentary_plan: 'rainmaker' })).toEqual(
      PLANS.rainmaker.limits,
    );
  });
});
