/**
 * The demo seed's paying members, written from the Stripe objects the seed created as a sync
 * from Stripe would write them: plans, subscriptions, payments, cards, failed renewals, events.
 */
import { graceEnd } from '../billing/dunning/payment-issue.js';
import type { AppConfig } from '../config/app-config.js';
import { paymentStatus } from '../payments/payments.service.js';
import { idOf } from '../stripe/stripe-ids.js';
import { billingPeriod } from '../subscriptions/subscriptions.service.js';
import type { Query } from './seed-people.js';
import type { SeededMember } from './seed-stripe.js';

/** Rows per statement when rows come from the seed's own objects (one JSON parameter each). */
const CHUNK = 2_000;

const seconds = (time: number | null | undefined) =>
  time ? new Date(time * 1000).toISOString() : null;

async function inChunks(q: Query, sql: string, rows: object[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK)
    await q(sql, [JSON.stringify(rows.slice(start, start + CHUNK))]);
}

/**
 * The members' Stripe state, as Sync with Stripe and Refresh Payment History would write it from
 * the same objects: the user's plan and ids, the subscription, each invoice with its charge, the
 * cards on file. Setup Required members get the account a purchase creates, without a password.
 */
export async function writeMembers(
  q: Query,
  members: SeededMember[],
  prices: AppConfig['stripe']['prices'],
): Promise<void> {
  const planCode = (priceId: string) =>
    Object.entries(prices).find(([, id]) => id === priceId)?.[0] ?? priceId;
  const subscriptions = members.map(({ person, customer, subscription }) => {
    const item = subscription.items.data[0];
    return {
      user_id: person.userId,
      stripe_customer_id: customer.id,
      stripe_subscription_id: subscription.id,
      plan_name: planCode(item.price.id),
      plan_type: billingPeriod(item.price.recurring),
      status: subscription.status,
      amount_cents: item.price.unit_amount ?? 0,
      current_period_end: seconds(item.current_period_end),
      cancel_at_period_end: subscription.cancel_at_period_end,
      canceled_at: seconds(subscription.canceled_at),
      created_at: seconds(subscription.created),
    };
  });
  await inChunks(
    q,
    `UPDATE users u SET
        status = CASE WHEN r.setup_required THEN 'paid' ELSE 'active' END,
        password_set = NOT r.setup_required,
        founding_member = r.founding, founding_member_purchased_at = r.purchased_at,
        subscription_plan = r.plan_name, subscription_status = r.status,
        current_period_end = r.current_period_end,
        stripe_customer_id = r.stripe_customer_id, stripe_subscription_id = r.stripe_subscription_id,
        -- A percentage promo comes with a Stripe coupon on the subscription; subscribers get one without.
        promo_type = CASE WHEN u.promo_type IN ('beta_tester', 'early_adopter') THEN 'one_week_trial' ELSE u.promo_type END
       FROM jsonb_to_recordset($1::jsonb) AS r(user_id uuid, setup_required boolean, founding boolean,
            purchased_at timestamptz, plan_name text, status text, current_period_end timestamptz,
            stripe_customer_id text, stripe_subscription_id text)
      WHERE u.id = r.user_id`,
    members.map((member, index) => ({
      ...subscriptions[index],
      setup_required: member.plan.setupRequired,
      founding: member.plan.plan === 'founding_member',
      purchased_at:
        member.plan.plan === 'founding_member' ? seconds(member.subscription.start_date) : null,
    })),
  );
  await inChunks(
    q,
    `WITH accounts AS (
       INSERT INTO auth_accounts (email, metadata)
       SELECT u.email, jsonb_build_object('name', trim(u.first_name || ' ' || u.last_name),
                'source', 'founding_member', 'first_name', u.first_name, 'last_name', u.last_name)
         FROM users u JOIN jsonb_to_recordset($1::jsonb) AS r(user_id uuid) ON u.id = r.user_id
       RETURNING id, email)
     UPDATE users u SET auth_user_id = a.id FROM accounts a WHERE u.email = a.email`,
    members
      .filter((member) => member.plan.setupRequired)
      .map((member) => ({ user_id: member.person.userId })),
  );
  await inChunks(
    q,
    `INSERT INTO subscriptions (stripe_subscription_id, stripe_customer_id, user_id, plan_name, plan_type,
        status, amount_cents, current_period_end, cancel_at_period_end, canceled_at, created_at)
     SELECT stripe_subscription_id, stripe_customer_id, user_id, plan_name, plan_type, status,
            amount_cents, current_period_end, cancel_at_period_end, canceled_at, created_at
       FROM jsonb_to_recordset($1::jsonb) AS r(stripe_subscription_id text, stripe_customer_id text,
            user_id uuid, plan_name text, plan_type text, status text, amount_cents int,
            current_period_end timestamptz, cancel_at_period_end boolean, canceled_at timestamptz,
            created_at timestamptz)`,
    subscriptions,
  );
  await inChunks(
    q,
    `INSERT INTO transactions (user_id, stripe_customer_id, stripe_invoice_id, stripe_charge_id,
        stripe_subscription_id, amount_cents, amount_refunded_cents, currency, status, description,
        receipt_url, paid_at, created_at)
     SELECT user_id, stripe_customer_id, stripe_invoice_id, stripe_charge_id, stripe_subscription_id,
            amount_cents, amount_refunded_cents, currency, status, description, receipt_url, paid_at, paid_at
       FROM jsonb_to_recordset($1::jsonb) AS r(user_id uuid, stripe_customer_id text, stripe_invoice_id text,
            stripe_charge_id text, stripe_subscription_id text, amount_cents int, amount_refunded_cents int,
            currency text, status text, description text, receipt_url text, paid_at timestamptz)`,
    members.flatMap(({ person, customer, payments }) =>
      payments.map(({ invoice, charge }) => ({
        user_id: person.userId,
        stripe_customer_id: customer.id,
        stripe_invoice_id: invoice.id,
        stripe_charge_id: charge?.id ?? null,
        stripe_subscription_id: idOf(invoice.parent?.subscription_details?.subscription),
        amount_cents: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
        amount_refunded_cents: charge?.amount_refunded ?? 0,
        currency: invoice.currency,
        status: paymentStatus(invoice, charge?.refunded ?? false),
        description: invoice.description ?? invoice.lines?.data[0]?.description ?? null,
        receipt_url: charge?.receipt_url ?? invoice.hosted_invoice_url ?? null,
        paid_at: seconds(invoice.status_transitions?.paid_at ?? invoice.created),
      })),
    ),
  );
  await inChunks(
    q,
    `INSERT INTO payment_methods (user_id, stripe_customer_id, stripe_payment_method_id, card_brand,
        card_last4, card_exp_month, card_exp_year, is_default)
     SELECT user_id, stripe_customer_id, stripe_payment_method_id, card_brand, card_last4,
            card_exp_month, card_exp_year, is_default
       FROM jsonb_to_recordset($1::jsonb) AS r(user_id uuid, stripe_customer_id text,
            stripe_payment_method_id text, card_brand text, card_last4 text, card_exp_month int,
            card_exp_year int, is_default boolean)`,
    members.flatMap(({ person, customer, cards, defaultCardId }) =>
      cards.map((card) => ({
        user_id: person.userId,
        stripe_customer_id: customer.id,
        stripe_payment_method_id: card.id,
        card_brand: card.card?.brand ?? null,
        card_last4: card.card?.last4 ?? null,
        card_exp_month: card.card?.exp_month ?? null,
        card_exp_year: card.card?.exp_year ?? null,
        is_default: card.id === defaultCardId,
      })),
    ),
  );
}

/**
 * The past-due members' failed renewals, as dunning keeps them from Stripe's events (which the
 * seed holds back): since when, the grace period, Stripe's next retry; "Your payment failed"
 * counted as sent then. The member area shows its banner and the back office the issue.
 */
export async function writeDunning(
  q: Query,
  members: SeededMember[],
  graceDays: number,
): Promise<void> {
  await inChunks(
    q,
    `INSERT INTO dunning_invoices (stripe_invoice_id, stripe_subscription_id, stripe_customer_id, user_id,
        status, amount_cents, first_failed_at, grace_ends_at, next_payment_attempt, attempt_count,
        stripe_test_clock, failed_email_sent_at)
     SELECT stripe_invoice_id, stripe_subscription_id, stripe_customer_id, user_id, 'open', amount_cents,
            first_failed_at, grace_ends_at, next_payment_attempt, attempt_count, stripe_test_clock,
            first_failed_at
       FROM jsonb_to_recordset($1::jsonb) AS r(stripe_invoice_id text, stripe_subscription_id text,
            stripe_customer_id text, user_id uuid, amount_cents int, first_failed_at timestamptz,
            grace_ends_at timestamptz, next_payment_attempt timestamptz, attempt_count int,
            stripe_test_clock text)`,
    members.flatMap(({ person, customer, payments }) =>
      payments
        .filter(
          ({ invoice }) =>
            invoice.status === 'open' &&
            invoice.billing_reason === 'subscription_cycle' &&
            invoice.attempt_count > 0,
        )
        .map(({ invoice }) => {
          const failedAt = new Date(
            (invoice.status_transitions?.finalized_at ?? invoice.created) * 1000,
          );
          return {
            stripe_invoice_id: invoice.id,
            stripe_subscription_id: idOf(invoice.parent?.subscription_details?.subscription),
            stripe_customer_id: customer.id,
            user_id: person.userId,
            amount_cents: invoice.amount_due,
            first_failed_at: failedAt.toISOString(),
            grace_ends_at: graceEnd(failedAt, graceDays).toISOString(),
            next_payment_attempt: seconds(invoice.next_payment_attempt),
            attempt_count: invoice.attempt_count,
            stripe_test_clock: idOf(invoice.test_clock),
          };
        }),
    ),
  );
}

/**
 * Stripe events as their webhooks carried them, one in eleven left failed (a database blip) so
 * that Replay has something to do.
 */
export async function insertEvents(
  q: Query,
  events: { type: string; object: object }[],
): Promise<void> {
  const now = Date.now();
  await inChunks(
    q,
    `INSERT INTO stripe_events (stripe_event_id, event_type, event_data, processed, processed_at,
        attempts, error_message, created_at)
     SELECT stripe_event_id, event_type, event_data, processed, processed_at, attempts, error_message, created_at
       FROM jsonb_to_recordset($1::jsonb) AS r(stripe_event_id text, event_type text, event_data jsonb,
            processed boolean, processed_at timestamptz, attempts int, error_message text, created_at timestamptz)`,
    events.map(({ type, object }, index) => {
      const n = index + 1;
      const created = new Date(now - n * 2 * 3600_000);
      const failed = n % 11 === 0;
      return {
        stripe_event_id: `evt_seed_${n}`,
        event_type: type,
        event_data: {
          id: `evt_seed_${n}`,
          object: 'event',
          type,
          created: Math.floor(created.getTime() / 1000),
          livemode: false,
          data: { object },
        },
        processed: !failed,
        processed_at: failed ? null : created.toISOString(),
        attempts: failed ? 3 : 1,
        error_message: failed ? 'Connection terminated unexpectedly' : null,
        created_at: created.toISOString(),
      };
    }),
  );
}
