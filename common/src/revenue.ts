/**
 * Revenue metrics: how a subscription's price becomes monthly recurring revenue (MRR), and how
 * MRR moves from one month to the next. Pure functions: the backend computes the admin's metrics
 * with them, and their definitions are the README's "Revenue metrics".
 */

/** Statuses that pay: a past-due subscription still counts (it is the at-risk revenue). */
export const PAYING_STATUSES: readonly string[] = ['active', 'past_due'];

export type BillingInterval = 'day' | 'week' | 'month' | 'year';

/** One priced line of a subscription. */
export interface RecurringItem {
  unit_amount_cents: number;
  quantity: number;
  interval: BillingInterval;
  interval_count: number;
}

/** A coupon as it discounts a subscription. */
export interface DiscountTerms {
  percent_off: number | null;
  amount_off_cents: number | null;
  /** `once` takes money off one invoice only, so it never lowers MRR. */
  duration: 'once' | 'repeating' | 'forever';
}

/**
 * An interval as a fraction of a month (numerator, denominator): a month is 1, a year 12, a week
 * 12/52, a day 12/365.
 */
function monthsIn(interval: BillingInterval, count: number): [number, number] {
  switch (interval) {
    case 'year':
      return [12 * count, 1];
    case 'week':
      return [12 * count, 52];
    case 'day':
      return [12 * count, 365];
    default:
      return [count, 1];
  }
}

/** numerator / denominator rounded half up, for non-negative integers. */
function roundedDivision(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * A subscription's monthly recurring revenue in cents: each item's price × quantity, less the
 * discount while it applies, divided by the months of its interval (a year is 12 months), rounded
 * half up to the cent once per subscription. $50 every 3 months is 1667 cents. A status that does
 * not pay (trialing, incomplete, incomplete_expired, unpaid, paused, canceled) counts 0.
 */
export function monthlyRecurringCents(subscription: {
  status: string;
  items: RecurringItem[];
  discount?: DiscountTerms | null;
}): number {
  if (!PAYING_STATUSES.includes(subscription.status)) return 0;
  const discount = subscription.discount?.duration === 'once' ? null : subscription.discount;
  // Every item over one common denominator: the exact sum, rounded once.
  let numerator = 0;
  let denominator = 1;
  for (const item of subscription.items) {
    const [months, per] = monthsIn(item.interval, Math.max(1, item.interval_count));
    const amount = Math.max(0, item.unit_amount_cents) * Math.max(0, item.quantity) * per;
    numerator = numerator * months + amount * denominator;
    denominator *= months;
  }
  if (discount?.amount_off_cents) {
    // A fixed amount comes off each invoice; with one interval it comes off that interval's total.
    const [months, per] = subscription.items[0]
      ? monthsIn(subscription.items[0].interval, Math.max(1, subscription.items[0].interval_count))
      : [1, 1];
    numerator = Math.max(0, numerator * months - discount.amount_off_cents * per * denominator);
    denominator *= months;
  } else if (discount?.percent_off) {
    // In hundredths of a percent, so that 33.33% stays exact.
    const basisPoints = Math.round(Math.min(100, Math.max(0, discount.percent_off)) * 100);
    numerator *= 10_000 - basisPoints;
    denominator *= 10_000;
  }
  return roundedDivision(numerator, denominator);
}

/** The calendar month (UTC) of a moment: "2026-03". */
export function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** The first instant (UTC) of the month `offset` months after the month of `date`. */
export function monthStart(date: Date, offset = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
}

/** MRR movements of one month, per the README's definitions. */
export interface MrrMovements {
  mrr_cents: number;
  new_cents: number;
  expansion_cents: number;
  contraction_cents: number;
  churned_cents: number;
  reactivation_cents: number;
  active_subscribers: number;
}

/**
 * How MRR moved between two moments, customer by customer (`start` and `end` hold each paying
 * customer's MRR; a customer missing pays nothing): a customer going from 0 to some MRR is new if
 * they had never paid before (`paidBefore` false) and a reactivation otherwise; one going to 0 is
 * churned by what they paid; one paying more or less is expansion or contraction by the
 * difference. So end = start + new + expansion + reactivation − contraction − churned, always.
 */
export function mrrMovements(
  start: ReadonlyMap<string, number>,
  end: ReadonlyMap<string, number>,
  paidBefore: (customer: string) => boolean,
): MrrMovements {
  const movements: MrrMovements = {
    mrr_cents: 0,
    new_cents: 0,
    expansion_cents: 0,
    contraction_cents: 0,
    churned_cents: 0,
    reactivation_cents: 0,
    active_subscribers: 0,
  };
  for (const [customer, after] of end) {
    if (after <= 0) continue;
    movements.mrr_cents += after;
    movements.active_subscribers += 1;
    const before = start.get(customer) ?? 0;
    if (before <= 0) {
      if (paidBefore(customer)) movements.reactivation_cents += after;
      else movements.new_cents += after;
    } else if (after > before) movements.expansion_cents += after - before;
    else movements.contraction_cents += before - after;
  }
  for (const [customer, before] of start)
    if (before > 0 && (end.get(customer) ?? 0) <= 0) movements.churned_cents += before;
  return movements;
}

/** Cancelled MRR over the MRR there was at the start: a share between 0 and 1, 0 without MRR. */
export function churnRate(startMrrCents: number, churnedCents: number): number {
  if (startMrrCents <= 0) return 0;
  return Math.min(1, Math.max(0, churnedCents / startMrrCents));
}

/** One month of `GET /api/admin/metrics/revenue`. */
export interface RevenueMonth {
  /** "YYYY-MM", UTC. */
  month: string;
  mrr_cents: number;
  new_cents: number;
  expansion_cents: number;
  contraction_cents: number;
  churned_cents: number;
  reactivation_cents: number;
  /** Payments taken in the month (before refunds). */
  revenue_cents: number;
  /** Money given back in the month, whichever month it was paid in. */
  refunds_cents: number;
  /** Users created in the month. */
  signups: number;
  /** Customers paying (MRR above 0) at the end of the month. */
  active_subscribers: number;
}

/** `GET /api/admin/metrics/founding-cohort`: the founding members and Prospector after them. */
export interface FoundingCohort {
  /** Customers who subscribed at the founding price. */
  members: number;
  /** Those still paying a day into their fourth month (the founding period over), on any plan. */
  reached_month_4: number;
  /** Of those, how many are paying for Prospector now. */
  stayed_on_prospector: number;
}

/** The monthly table's columns, as the dashboard and its CSV name them. */
export const REVENUE_COLUMNS = [
  ['month', 'Month'],
  ['mrr_cents', 'MRR'],
  ['new_cents', 'New'],
  ['expansion_cents', 'Expansion'],
  ['contraction_cents', 'Contraction'],
  ['churned_cents', 'Churned'],
  ['reactivation_cents', 'Reactivation'],
  ['revenue_cents', 'Revenue'],
  ['refunds_cents', 'Refunds'],
  ['signups', 'Signups'],
  ['active_subscribers', 'Active Subscribers'],
] as const satisfies readonly (readonly [keyof RevenueMonth, string])[];
