/** The plan catalogue of member-site.md section 9, one source for the backend, site and admin. */

export const PLAN_IDS = ['prospector', 'networker', 'rainmaker', 'founding_member'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type BadgeColour = 'blue' | 'green' | 'purple' | 'yellow' | 'grey' | 'orange' | 'red';

export interface PlanLimits {
  profiles_monitored: number;
  profiles_tracked: number;
  ai_credits: number;
}

export interface Plan {
  id: PlanId;
  name: string;
  /** Price per billing period, in cents. */
  priceCents: number;
  interval: 'month';
  intervalCount: number;
  description: string;
  emoji: string;
  color: BadgeColour;
  features: string[];
  limits: PlanLimits;
}

export const FOUNDING_SPOTS = 40;
/** The regular price the founding offer is compared against. */
export const FOUNDING_COMPARE_AT_CENTS = 19_900;
/** Length of the founding phase before the member moves to Prospector. */
export const FOUNDING_PHASE_MONTHS = 3;

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  prospector: {
    id: 'prospector',
    name: 'Prospector',
    priceCents: 7_500,
    interval: 'month',
    intervalCount: 1,
    description: 'For individual sellers who want their network and its history in one place.',
    emoji: '🔍',
    color: 'blue',
    features: [
      'Import your LinkedIn export and any CSV',
      'Every lead with its timeline, notes and tasks',
      'Track 100 leads by stage',
      'Monitor 5 leads closely',
      'Export your leads as CSV',
    ],
    limits: { profiles_monitored: 5, profiles_tracked: 100, ai_credits: 1_000 },
  },
  networker: {
    id: 'networker',
    name: 'Networker',
    priceCents: 14_500,
    interval: 'month',
    intervalCount: 1,
    description: 'For busy sellers who work a larger territory.',
    emoji: '🤝',
    color: 'green',
    features: ['Everything in Prospector', 'Track 300 leads by stage', 'Monitor 10 leads closely'],
    limits: { profiles_monitored: 10, profiles_tracked: 300, ai_credits: 3_000 },
  },
  rainmaker: {
    id: 'rainmaker',
    name: 'Rainmaker',
    priceCents: 19_900,
    interval: 'month',
    intervalCount: 1,
    description: 'For teams and agencies that run outreach at scale.',
    emoji: '🌧️',
    color: 'purple',
    features: ['Everything in Networker', 'Track 500 leads by stage', 'Monitor 20 leads closely'],
    limits: { profiles_monitored: 20, profiles_tracked: 500, ai_credits: 10_000 },
  },
  // $50 for the first 3 months, then Prospector at $75/month (DESIGN "Payments").
  // Founding members get premium (Rainmaker) limits during those months.
  founding_member: {
    id: 'founding_member',
    name: 'Founding Member',
    priceCents: 5_000,
    interval: 'month',
    intervalCount: FOUNDING_PHASE_MONTHS,
    description: 'A one-time start at $50 for the first 3 months, then Prospector at $75/month.',
    emoji: '⭐',
    color: 'yellow',
    features: [
      '3 months premium access',
      'Unlimited AI monitoring',
      'Feature voting rights',
      'Private community',
    ],
    limits: { profiles_monitored: 20, profiles_tracked: 500, ai_credits: 10_000 },
  },
};

/**
 * What each founding benefit (spec text, kept word for word) gives in the product today, shown
 * beside it so that none promises more than the product does.
 */
export const FOUNDING_BENEFIT_DETAILS: Readonly<Record<string, string>> = {
  '3 months premium access':
    'Rainmaker’s limits: track 500 leads by stage and draft comments with 10,000 AI credits a month.',
  'Unlimited AI monitoring':
    'Monitor as many of your leads as you like: their new signals come first in Today.',
  'Feature voting rights': 'Vote on what we build next.',
  'Private community': 'Meet the other founding members.',
};

/** A limit of the lead workspace; null is unlimited. */
export interface UsageLimits {
  profiles_monitored: number | null;
  profiles_tracked: number | null;
  ai_credits: number | null;
}

/** A member without a paid plan: enough to try every lead feature (LEADS.md "Limits"). */
export const FREE_LIMITS: Readonly<PlanLimits> = {
  profiles_monitored: 1,
  profiles_tracked: 25,
  ai_credits: 10,
};

/** A founding member during their founding period: Rainmaker's limits, monitoring unlimited. */
export const FOUNDING_PERIOD_LIMITS: Readonly<UsageLimits> = {
  ...PLANS.rainmaker.limits,
  profiles_monitored: null,
};

/** Subscription statuses under which the plan's limits hold (a late payment included). */
const LIMITED_BY_PLAN = new Set(['active', 'trialing', 'past_due', 'unpaid']);

export interface LimitsHolder {
  founding_member: boolean;
  founding_member_transitioned_at: unknown;
  subscription_plan: string | null;
  subscription_status: string | null;
  complimentary_plan: string | null;
}

/**
 * The lead workspace's limits of a member: a founding member in the founding period gets
 * Rainmaker's with unlimited monitoring, complimentary access its plan's, a running subscription
 * its plan's, anyone else the free limits.
 */
export function usageLimitsFor(member: LimitsHolder): UsageLimits {
  const ended = member.subscription_status === 'canceled';
  if (member.founding_member && !member.founding_member_transitioned_at && !ended)
    return FOUNDING_PERIOD_LIMITS;
  const complimentary = member.complimentary_plan?.trim().toLowerCase();
  if (isPlanId(complimentary))
    return complimentary === 'founding_member'
      ? FOUNDING_PERIOD_LIMITS
      : PLANS[complimentary].limits;
  const plan = member.subscription_plan?.trim().toLowerCase();
  if (isPlanId(plan) && LIMITED_BY_PLAN.has(member.subscription_status ?? ''))
    return plan === 'founding_member' ? FOUNDING_PERIOD_LIMITS : PLANS[plan].limits;
  return FREE_LIMITS;
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** Looks a plan up by name; unknown plan names default to Prospector (spec section 9). */
export function getPlan(name: string | null | undefined): Plan {
  const key = name?.trim().toLowerCase();
  return isPlanId(key) ? PLANS[key] : PLANS.prospector;
}

/**
 * "$75" for whole dollars ("$1,234" with thousands), "$12.50" otherwise ("$3,543.03"); a
 * negative amount reads "-$12.50". Grouped by hand: a page's first Intl call loads the browser's
 * locale data, some 30 ms of the landing page's start.
 */
export function formatUsd(cents: number): string {
  const dollars = Math.abs(cents) / 100;
  const [whole, fraction] = (
    Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2)
  ).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}${fraction ? `.${fraction}` : ''}`;
}
