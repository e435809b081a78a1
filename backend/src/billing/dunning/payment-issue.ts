import type { DataSource } from 'typeorm';
import type { PaymentIssue } from '@leadpulse/common';
import { poolOf } from '../../database/prepared-read.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Subscriptions that still run while an invoice is unpaid: the only ones with a payment issue. */
const OWING = ['past_due', 'unpaid'];

/** The end of the grace period: `days` whole days after the first failed attempt. */
export function graceEnd(firstFailedAt: Date, days: number): Date {
  return new Date(firstFailedAt.getTime() + days * DAY_MS);
}

/** The unpaid renewal invoices of a subscription, together (as the query below reads them). */
export interface OpenInvoicesRow {
  since: Date;
  grace_ends_at: Date;
  amount_cents: number | string;
  next_attempt_at: Date | null;
  /** Whether one of them was seen past its grace period on its Stripe clock. */
  seen_blocked: boolean;
  /** Whether every one of them is billed in real time (no Stripe test clock). */
  real_time: boolean;
}

/**
 * What the member area says of a subscription's unpaid invoices: since the first failure, the
 * earliest grace end, the whole amount due and the next retry. Blocked once the grace period is
 * over: on a test clock when the dunning job saw the clock pass it, otherwise by our own clock.
 */
export function toPaymentIssue(row: OpenInvoicesRow, now: Date): PaymentIssue<Date> {
  return {
    since: row.since,
    grace_ends_at: row.grace_ends_at,
    blocked: row.seen_blocked || (row.real_time && now >= row.grace_ends_at),
    amount_cents: Number(row.amount_cents),
    next_attempt_at: row.next_attempt_at,
  };
}

/**
 * The member's payment issue for `GET /api/me`, or null. Only a subscription that is past due
 * or unpaid is looked up, so most members cost no query.
 */
export async function readPaymentIssue(
  dataSource: DataSource,
  user: { stripe_subscription_id: string | null; subscription_status: string | null },
): Promise<PaymentIssue<Date> | null> {
  if (!user.stripe_subscription_id || !OWING.includes(user.subscription_status ?? '')) return null;
  const { rows } = await poolOf(dataSource).query<OpenInvoicesRow & { invoices: string }>({
    text: `SELECT count(*) AS invoices, min(first_failed_at) AS since, min(grace_ends_at) AS grace_ends_at,
             sum(amount_cents) AS amount_cents, min(next_payment_attempt) AS next_attempt_at,
             bool_or(blocked_at IS NOT NULL) AS seen_blocked, bool_and(stripe_test_clock IS NULL) AS real_time
           FROM dunning_invoices WHERE stripe_subscription_id = $1 AND status = 'open'`,
    values: [user.stripe_subscription_id],
  });
  const row = rows[0];
  return row && Number(row.invoices) > 0 ? toPaymentIssue(row, new Date()) : null;
}
