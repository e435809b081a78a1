import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  churnRate,
  monthKey,
  monthStart,
  mrrMovements,
  PAYING_STATUSES,
  type FoundingCohort,
  type RevenueMonth,
} from '@leadpulse/common';
import { HISTORY_ORDER } from './history-row.js';

/** The stats' revenue fields (GET /api/admin/stats adds them to the seven cards). */
export interface RevenueStats {
  mrr_cents: number;
  arr_cents: number;
  past_due_count: number;
  at_risk_cents: number;
  churn_rate_30d: number;
}

const DAY_MS = 86_400_000;

/**
 * Each history row with the moment the next row of its subscription replaced it: the row holds
 * from `effective_at` (excluded) to `ended_at` (included), so the state just before a moment `t`
 * is the row with effective_at < t <= ended_at. A repeating coupon's end is read at `t`.
 */
const SPANS = `spans AS (
  SELECT stripe_subscription_id, stripe_customer_id, effective_at, mrr_cents, undiscounted_mrr_cents,
    discount_ends_at, plan_name, status,
    lead(effective_at) OVER (PARTITION BY stripe_subscription_id ORDER BY ${HISTORY_ORDER}) AS ended_at
  FROM subscription_history
)`;
const MRR_AT = `CASE WHEN s.discount_ends_at < b.t THEN s.undiscounted_mrr_cents ELSE s.mrr_cents END`;
const HOLDS_AT = `s.effective_at < b.t AND (s.ended_at IS NULL OR s.ended_at >= b.t)`;

/**
 * The revenue metrics, read from `subscription_history` (MRR and its movements) and
 * `transactions` (money taken and given back); definitions in the README ("Revenue metrics").
 */
@Injectable()
export class RevenueMetricsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Each paying customer's MRR just before each moment: one map per moment, in order. */
  async customerMrr(moments: Date[]): Promise<Map<string, number>[]> {
    const rows = (await this.dataSource.query(
      `WITH ${SPANS}
       SELECT b.i::int AS i, s.stripe_customer_id AS customer, sum(${MRR_AT})::bigint AS mrr
       FROM unnest($1::timestamptz[]) WITH ORDINALITY AS b(t, i)
       JOIN spans s ON ${HOLDS_AT}
       GROUP BY b.i, s.stripe_customer_id`,
      [moments],
    )) as { i: number; customer: string; mrr: string }[];
    const maps = moments.map(() => new Map<string, number>());
    for (const row of rows)
      if (Number(row.mrr) > 0) maps[row.i - 1].set(row.customer, Number(row.mrr));
    return maps;
  }

  /** Each subscription's MRR just before `now` as the history holds it (those at 0 left out). */
  async subscriptionMrr(now = new Date()): Promise<Map<string, { customer: string; mrr: number }>> {
    const rows = (await this.dataSource.query(
      `WITH ${SPANS}
       SELECT s.stripe_subscription_id AS id, s.stripe_customer_id AS customer, ${MRR_AT} AS mrr
       FROM (SELECT $1::timestamptz AS t) b
       JOIN spans s ON ${HOLDS_AT}`,
      [now],
    )) as { id: string; customer: string; mrr: number | string }[];
    const map = new Map<string, { customer: string; mrr: number }>();
    for (const row of rows)
      if (Number(row.mrr) > 0) map.set(row.id, { customer: row.customer, mrr: Number(row.mrr) });
    return map;
  }

  /** MRR and ARR now, past-due subscriptions and their MRR, and the last 30 days' churn. */
  async stats(now = new Date()): Promise<RevenueStats> {
    const [monthAgo, current] = await this.customerMrr([
      new Date(now.getTime() - 30 * DAY_MS),
      now,
    ]);
    const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
    const mrr = sum(current);
    let churned = 0;
    for (const [customer, before] of monthAgo) if (!current.has(customer)) churned += before;
    const [risk] = (await this.dataSource.query(
      `WITH ${SPANS}
       SELECT count(DISTINCT sub.id)::int AS past_due_count,
         coalesce(sum(${MRR_AT}), 0)::bigint AS at_risk_cents
       FROM subscriptions sub
       CROSS JOIN (SELECT $1::timestamptz AS t) b
       LEFT JOIN spans s ON s.stripe_subscription_id = sub.stripe_subscription_id AND ${HOLDS_AT}
       WHERE sub.status = 'past_due'`,
      [now],
    )) as { past_due_count: number; at_risk_cents: string }[];
    return {
      mrr_cents: mrr,
      arr_cents: mrr * 12,
      past_due_count: risk.past_due_count,
      at_risk_cents: Number(risk.at_risk_cents),
      churn_rate_30d: churnRate(sum(monthAgo), churned),
    };
  }

  /**
   * One row per calendar month (UTC), oldest first, the last one the current month (its figures
   * so far). MRR movements compare each customer's MRR at the month's start and end.
   */
  async months(count: number, now = new Date()): Promise<RevenueMonth[]> {
    const starts = Array.from({ length: count }, (_, index) => monthStart(now, index - count + 1));
    // The state at each month's start, and at the end of the last one: now.
    const moments = [...starts, now];
    const [snapshots, firstPaid, money, refunds, signups] = await Promise.all([
      this.customerMrr(moments),
      this.firstPaid(),
      this.grouped(
        `SELECT to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, sum(amount_cents)::bigint AS value
         FROM transactions WHERE status IN ('succeeded', 'refunded') AND paid_at >= $1 AND paid_at < $2
         GROUP BY 1`,
        starts[0],
        now,
      ),
      this.grouped(
        `SELECT to_char((refund->>'refunded_at')::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
           sum((refund->>'amount_cents')::bigint)::bigint AS value
         FROM transactions, jsonb_array_elements(refunds) AS refund
         WHERE amount_refunded_cents > 0 AND (refund->>'refunded_at')::timestamptz >= $1 AND (refund->>'refunded_at')::timestamptz < $2
         GROUP BY 1`,
        starts[0],
        now,
      ),
      this.grouped(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*)::bigint AS value
         FROM users WHERE created_at >= $1 AND created_at < $2 GROUP BY 1`,
        starts[0],
        now,
      ),
    ]);
    return starts.map((start, index) => {
      const month = monthKey(start);
      const movements = mrrMovements(snapshots[index], snapshots[index + 1], (customer) => {
        const first = firstPaid.get(customer);
        return first !== undefined && first < start.getTime();
      });
      return {
        month,
        mrr_cents: movements.mrr_cents,
        new_cents: movements.new_cents,
        expansion_cents: movements.expansion_cents,
        contraction_cents: movements.contraction_cents,
        churned_cents: movements.churned_cents,
        reactivation_cents: movements.reactivation_cents,
        revenue_cents: money.get(month) ?? 0,
        refunds_cents: refunds.get(month) ?? 0,
        signups: signups.get(month) ?? 0,
        active_subscribers: movements.active_subscribers,
      };
    });
  }

  /**
   * The founding cohort: customers who subscribed at the founding price; those who reached month
   * 4 (their 3-month founding period is over and, a day into their fourth month, they were still
   * paying, whatever the plan); and, of those, how many pay for Prospector now.
   */
  async foundingCohort(now = new Date()): Promise<FoundingCohort> {
    const [row] = (await this.dataSource.query(
      `WITH ${SPANS},
       founding AS (
         SELECT stripe_customer_id,
           (min(effective_at) AT TIME ZONE 'UTC' + interval '3 months 1 day') AT TIME ZONE 'UTC' AS t
         FROM subscription_history WHERE plan_name = 'founding_member' GROUP BY 1
       ),
       month_4 AS (
         SELECT b.stripe_customer_id, coalesce(sum(${MRR_AT}), 0) AS mrr
         FROM founding b
         LEFT JOIN spans s ON s.stripe_customer_id = b.stripe_customer_id AND ${HOLDS_AT}
         WHERE b.t <= $1
         GROUP BY 1
       ),
       prospector AS (
         SELECT DISTINCT s.stripe_customer_id
         FROM spans s CROSS JOIN (SELECT $1::timestamptz AS t) b
         WHERE ${HOLDS_AT} AND s.plan_name = 'prospector' AND s.status = ANY($2) AND ${MRR_AT} > 0
       )
       SELECT (SELECT count(*) FROM founding)::int AS members,
         count(*) FILTER (WHERE m.mrr > 0)::int AS reached_month_4,
         count(p.stripe_customer_id) FILTER (WHERE m.mrr > 0)::int AS stayed_on_prospector
       FROM month_4 m LEFT JOIN prospector p USING (stripe_customer_id)`,
      [now, PAYING_STATUSES],
    )) as FoundingCohort[];
    return row;
  }

  /** When each customer first had MRR (ms since the epoch): before a month, a comeback is a reactivation. */
  private async firstPaid(): Promise<Map<string, number>> {
    const rows = (await this.dataSource.query(
      `WITH ${SPANS}
       SELECT stripe_customer_id AS customer, min(CASE
           WHEN mrr_cents > 0 THEN effective_at
           WHEN undiscounted_mrr_cents > 0 AND discount_ends_at < coalesce(ended_at, 'infinity')
             THEN greatest(effective_at, discount_ends_at)
         END) AS first_paid_at
       FROM spans WHERE ended_at IS NULL OR ended_at > effective_at
       GROUP BY 1`,
    )) as { customer: string; first_paid_at: Date | null }[];
    return new Map(
      rows
        .filter((row) => row.first_paid_at)
        .map((row) => [row.customer, new Date(row.first_paid_at!).getTime()]),
    );
  }

  /** A query's `month` → `value` answer, between two moments. */
  private async grouped(sql: string, from: Date, to: Date): Promise<Map<string, number>> {
    const rows = (await this.dataSource.query(sql, [from, to])) as {
      month: string;
      value: string;
    }[];
    return new Map(rows.map((row) => [row.month, Number(row.value)]));
  }
}
