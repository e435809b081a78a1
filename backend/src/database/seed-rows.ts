/**
 * The demo seed's rows. The bulk of them is SQL over generate_series, so 100,000 users take
 * seconds; the paying members' rows are written from the Stripe objects the seed created, as a
 * sync from Stripe would write them.
 */
import { graceEnd } from '../billing/dunning/payment-issue.js';
import type { AppConfig } from '../config/app-config.js';
import { paymentStatus } from '../payments/payments.service.js';
import { idOf } from '../stripe/stripe-ids.js';
import { billingPeriod } from '../subscriptions/subscriptions.service.js';
import { PROMO_TYPES } from '@leadpulse/common';
import type { PromotionStripeIds, SeededMember, SeedPerson, SeedPromotion } from './seed-stripe.js';

export type Query = (sql: string, parameters?: unknown[]) => Promise<unknown>;

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Radia',
  'Tim',
  'Frances',
  'Donald',
  'Hedy',
  'John',
  'Shafi',
  'Edsger',
  'Sophie',
  'Guido',
  'Anita',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Perlman',
  'Berners-Lee',
  'Allen',
  'Knuth',
  'Lamarr',
  'McCarthy',
  'Goldwasser',
  'Dijkstra',
  'Wilson',
  'van Rossum',
  'Borg',
];
const COMPANIES = [
  'Northwind',
  'Contoso',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Stark Industries',
  'Wayne Enterprises',
  'Acme',
  'Soylent',
];
const TITLES = [
  'Account Executive',
  'Sales Director',
  'SDR',
  'VP Sales',
  'Founder',
  'Business Development Manager',
];

/** Rows per statement when rows come from the seed's own objects (one JSON parameter each). */
const CHUNK = 2_000;

const SEEDED_USERS = `SELECT id FROM users WHERE email LIKE '%@seed.example.com'`;
/** The Stripe customers of an earlier seed: its users' and its buyers'. */
const SEEDED_CUSTOMERS = `SELECT stripe_customer_id FROM users WHERE email LIKE '%@seed.example.com' AND stripe_customer_id IS NOT NULL
  UNION SELECT stripe_customer_id FROM founding_reservations WHERE email LIKE '%@seed.example.com' AND stripe_customer_id IS NOT NULL`;

/** Deletes what an earlier seed wrote (with what the product recorded for its people since). */
export async function removeEarlierSeed(q: Query): Promise<void> {
  await q(`DELETE FROM stripe_events WHERE stripe_event_id LIKE 'evt_seed_%'`);
  for (const table of [
    'transactions',
    'payment_methods',
    'subscription_history',
    'dunning_invoices',
    'subscriptions',
  ])
    await q(
      `DELETE FROM ${table} WHERE user_id IN (${SEEDED_USERS})
          OR stripe_customer_id IN (${SEEDED_CUSTOMERS}) OR stripe_customer_id LIKE 'cus_seed_%'`,
    );
  await q(`DELETE FROM founding_reservations WHERE email LIKE '%@seed.example.com'`);
  await q(`DELETE FROM emails WHERE to_email LIKE '%@seed.example.com'`);
  await q(`DELETE FROM newsletter_subscriptions WHERE email LIKE '%@seed.example.com'`);
  await q(`DELETE FROM promotions WHERE code = ANY($1::text[])`, [
    SEED_PROMOTIONS.map((promotion) => promotion.code),
  ]);
  await q(`DELETE FROM error_reports WHERE error_id LIKE 'err_seed_%'`);
  await q(
    `DELETE FROM admin_actions WHERE target_user_id IN (${SEEDED_USERS}) OR admin_id IN (${SEEDED_USERS})`,
  );
  await q(`DELETE FROM users WHERE email LIKE '%@seed.example.com'`);
  await q(`DELETE FROM auth_accounts WHERE email LIKE '%@seed.example.com'`);
  await q(`DELETE FROM roles WHERE name IN ('Support', 'Billing', 'Marketing')`);
}

/** The users, none of them paying yet: members get their Stripe state from `writeMembers`. */
export async function insertUsers(q: Query, users: number): Promise<void> {
  await q(
    `INSERT INTO users (email, first_name, last_name, phone, company, job_title, status, is_admin,
        password_set, promo_active, promo_type, promo_expiration_date, created_at, updated_at)
     SELECT
       lower(($1::text[])[1 + (n * 7) % 20]) || '.' || lower(replace(($2::text[])[1 + (n * 13 + n / 20) % 20], ' ', '')) || '.' || n || '@seed.example.com',
       ($1::text[])[1 + (n * 7) % 20], ($2::text[])[1 + (n * 13 + n / 20) % 20],
       '(555) ' || lpad((100 + n % 900)::text, 3, '0') || '-' || lpad((n % 10000)::text, 4, '0'),
       ($3::text[])[1 + n % 10], ($4::text[])[1 + n % 6],
       (ARRAY['active','active','active','active','active','active','pending','pending','inactive','active'])[1 + n % 10],
       n <= 2,
       n % 10 <> 6,
       -- Promos running for 1 to 49 more days (ended ones leave nothing, as the expiry job does).
       n % 13 = 0 AND n % 60 > 10,
       CASE WHEN n % 13 = 0 AND n % 60 > 10 THEN (ARRAY['founding_member','one_week_trial','beta_tester','early_adopter'])[1 + n % 4] END,
       CASE WHEN n % 13 = 0 AND n % 60 > 10 THEN now() + ((n % 60) - 10) * interval '1 day' END,
       now() - ((n::bigint * 7919) % (400 * 24 * 60)) * interval '1 minute',
       now() - (n % 48) * interval '1 hour'
     FROM generate_series(1, $5::int) AS n`,
    [FIRST, LAST, COMPANIES, TITLES, users],
  );
}

/** Every seeded user with the number their e-mail carries (which decides their history). */
export async function seededPeople(
  q: Query,
): Promise<(SeedPerson & { n: number; signedUpAt: number })[]> {
  const rows = (await q(
    `SELECT id, email, first_name, last_name, phone, extract(epoch FROM created_at)::float8 AS signed_up_at,
            substring(email from '\\.(\\d+)@seed\\.example\\.com$')::int AS n
       FROM users WHERE email LIKE '%@seed.example.com' ORDER BY n`,
  )) as {
    id: string;
    email: string;
    first_name: string;
    last_name: string;
    phone: string | null;
    signed_up_at: number;
    n: number;
  }[];
  return rows.map((row) => ({
    userId: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    n: row.n,
    signedUpAt: Math.floor(row.signed_up_at),
  }));
}

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

/** Newsletter subscribers and the e-mails sent to the newest users. */
export async function insertNewsletterAndEmails(q: Query): Promise<void> {
  await q(
    `INSERT INTO newsletter_subscriptions (email, source, first_name, last_name, status, confirmed_at, created_at)
     SELECT email, source, first_name, last_name, status,
            -- A pending subscriber has not confirmed yet; the others confirmed a few minutes in.
            CASE WHEN status <> 'pending' THEN created_at + interval '7 minutes' END, created_at
       FROM (SELECT u.email,
                    CASE WHEN u.founding_member THEN 'founding_member' ELSE (ARRAY['waitlist','newsletter','manual','import'])[1 + abs(hashtext(u.email)) % 4] END AS source,
                    u.first_name, u.last_name,
                    (ARRAY['active','active','active','unsubscribed','pending','bounced'])[1 + abs(hashtext(u.email)) % 6] AS status,
                    u.created_at
               FROM users u WHERE u.email LIKE '%@seed.example.com' AND abs(hashtext(u.email)) % 2 = 0) s
     ON CONFLICT (email) DO NOTHING`,
  );
  await q(
    `INSERT INTO emails (to_email, template, subject, data, status, attempts, sent_at, last_error, user_id, created_at)
     SELECT to_email, template, subject, data, status, 1,
            -- A failed e-mail was refused for good (no retry) and never sent.
            CASE WHEN status <> 'failed' THEN created_at + interval '1 minute' END,
            CASE WHEN status = 'failed' THEN '550 5.1.1 The email account that you tried to reach does not exist.' END,
            user_id, created_at
       FROM (SELECT u.email AS to_email, t.template, t.subject,
                    jsonb_build_object('firstName', u.first_name, 'link', t.link) AS data,
                    (ARRAY['sent','sent','sent','logged','failed'])[1 + abs(hashtext(u.email || t.template)) % 5] AS status,
                    u.id AS user_id, u.created_at
               FROM (SELECT * FROM users WHERE email LIKE '%@seed.example.com' ORDER BY created_at DESC LIMIT 2000) u,
                    (VALUES ('confirm-email', 'Confirm your email address', '/confirm-email#token=seed'),
                            ('welcome', 'Welcome to LeadPulse!', '/dashboard')) AS t(template, subject, link)) s`,
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

/** Roles, the seeded administrators holding two of them, and their recent actions. */
export async function insertRolesAndAudit(q: Query): Promise<void> {
  await q(
    `INSERT INTO roles (name, description, permissions) VALUES
       ('Support', 'Answers customers and resends their e-mails', '{"manage_users": true}'),
       ('Billing', 'Refunds and plan changes', '{"manage_billing": true, "manage_users": true}'),
       ('Marketing', 'Newsletter and promotions', '{"manage_newsletter": true, "manage_promotions": true}')`,
  );
  // The seeded administrators hold Support and Billing, so the Roles screen counts holders.
  await q(
    `INSERT INTO admin_roles (user_id, role_id)
     SELECT u.id, r.id
       FROM (SELECT id, row_number() OVER (ORDER BY email) AS n
               FROM users WHERE email LIKE '%@seed.example.com' AND is_admin) u
       JOIN roles r ON r.name = CASE WHEN u.n = 1 THEN 'Support' ELSE 'Billing' END`,
  );
  const firstAdmin = `(SELECT id FROM users WHERE email LIKE '%@seed.example.com' AND is_admin ORDER BY email LIMIT 1)`;
  await q(
    `INSERT INTO admin_actions (admin_id, action_type, target_user_id, details, created_at)
     SELECT ${firstAdmin},
            (ARRAY['update_user','send_welcome_email','send_password_reset'])[1 + n % 3],
            u.id,
            jsonb_build_object('description',
              (ARRAY['Updated company','Welcome email sent to ','Password reset sent to '])[1 + n % 3]
                || CASE WHEN n % 3 >= 1 THEN u.email ELSE '' END,
              'old_values', CASE WHEN n % 3 = 0 THEN jsonb_build_object('company', 'Initech') END,
              'new_values', CASE WHEN n % 3 = 0 THEN jsonb_build_object('company', u.company) END),
            now() - n * interval '3 hours'
       FROM (SELECT id, email, company, row_number() OVER (ORDER BY created_at DESC) AS n
               FROM users WHERE email LIKE '%@seed.example.com' AND NOT is_admin LIMIT 30) u`,
  );
  // The promos the seeded users hold were applied by an administrator 60 days before they end.
  await q(
    `INSERT INTO admin_actions (admin_id, action_type, target_user_id, details, created_at)
     SELECT ${firstAdmin}, 'apply_promo', u.id,
            jsonb_build_object(
              'description', 'Applied promo ' || ($1::jsonb ->> u.promo_type) || ' for 60 days',
              'old_values', jsonb_build_object('promo_active', false, 'promo_type', null, 'promo_expiration_date', null),
              'new_values', jsonb_build_object('promo_active', true, 'promo_type', u.promo_type,
                'promo_expiration_date', u.promo_expiration_date, 'notes', null)),
            u.promo_expiration_date - interval '60 days'
       FROM users u
      WHERE u.email LIKE '%@seed.example.com' AND NOT u.is_admin AND u.promo_active
      ORDER BY u.promo_expiration_date DESC LIMIT 10`,
    [
      JSON.stringify(
        Object.fromEntries(Object.entries(PROMO_TYPES).map(([type, { label }]) => [type, label])),
      ),
    ],
  );
}

/** Promotions as an administrator would have created them, their codes live in Stripe. */
export const SEED_PROMOTIONS: SeedPromotion[] = [
  {
    name: 'Spring Launch',
    code: 'DEMO-SPRING25',
    type: 'percentage',
    value: 25,
    max_uses: 100,
    active: true,
    expires_in_days: 30,
  },
  {
    name: 'Referral Thank-You',
    code: 'DEMO-FRIEND10',
    type: 'fixed_amount',
    value: 1_000,
    max_uses: null,
    active: true,
    expires_in_days: null,
  },
  {
    name: 'Webinar Attendees',
    code: 'DEMO-WEBINAR50',
    type: 'percentage',
    value: 50,
    max_uses: 50,
    active: false,
    expires_in_days: null,
  },
];

/** The seed's promotions, with their Stripe coupons and codes. */
export async function insertPromotions(
  q: Query,
  promotions: (SeedPromotion & PromotionStripeIds)[],
): Promise<void> {
  await q(
    `INSERT INTO promotions (name, code, type, value, max_uses, active, expires_at, stripe_coupon_id,
        stripe_promotion_code_id, created_at)
     SELECT name, code, type, value, max_uses, active, to_timestamp(expires_at), stripe_coupon_id,
            stripe_promotion_code_id, now() - (row_number() OVER ()) * interval '4 days'
       FROM jsonb_to_recordset($1::jsonb) AS r(name text, code text, type text, value int,
            max_uses int, active boolean, expires_at bigint, stripe_coupon_id text,
            stripe_promotion_code_id text)`,
    [JSON.stringify(promotions)],
  );
}

/** Crash reports as the site's error screen sends them, for Error Reports. */
export async function insertErrorReports(q: Query): Promise<void> {
  await q(
    `INSERT INTO error_reports (error_id, message, stack, url, user_agent, environment, reported_at, created_at)
     SELECT 'err_seed_' || n, r.message, r.stack, r.url,
            (ARRAY['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
                   'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'])[1 + n % 2],
            'production', now() - n * interval '9 hours', now() - n * interval '9 hours'
       FROM (VALUES
         (1, 'Failed to fetch dynamically imported module: /assets/SettingsPage-3f9a1c.js',
             'TypeError: Failed to fetch dynamically imported module: /assets/SettingsPage-3f9a1c.js', '/dashboard/settings'),
         (2, 'Cannot read properties of undefined (reading ''plan_name'')',
             'TypeError: Cannot read properties of undefined (reading ''plan_name'')' || chr(10) ||
             '    at SubscriptionTab (/assets/SettingsPage-3f9a1c.js:1:2113)', '/dashboard/settings?tab=subscription'),
         (3, 'Load failed', 'TypeError: Load failed', '/dashboard/content'),
         (4, 'ResizeObserver loop completed with undelivered notifications.', NULL, '/'),
         (5, 'Network request failed', 'Error: Network request failed' || chr(10) ||
             '    at request (/assets/index-8b21d0.js:1:9012)', '/founding-member-success?session_id=cs_test_a1')
       ) AS r(n, message, stack, url)`,
  );
}

/** The founding buyers whose paid checkout never reached the database (Customer Recovery). */
export function lostBuyers(count: number): Omit<SeedPerson, 'userId'>[] {
  return Array.from({ length: count }, (_, index) => {
    const i = index + 1;
    const firstName = FIRST[(i * 3 + 1) % 20];
    const lastName = LAST[(i * 5 + 2) % 20];
    return {
      email: `${firstName}.${lastName.replace(/ /g, '')}.buyer${i}@seed.example.com`.toLowerCase(),
      firstName,
      lastName,
      phone: `(555) 010-000${i}`,
    };
  });
}

/** A founding spot held by a checkout, as the site holds one before sending the buyer to pay. */
export async function insertReservation(
  q: Query,
  buyer: Omit<SeedPerson, 'userId'>,
  clientIp: string,
): Promise<string> {
  const [row] = (await q(
    `INSERT INTO founding_reservations (email, first_name, last_name, phone, client_ip, status, expires_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', now() + interval '31 minutes') RETURNING id`,
    [buyer.email, buyer.firstName, buyer.lastName, buyer.phone, clientIp],
  )) as { id: string }[];
  return row.id;
}

/** The reservation's checkout, as the site records it once Stripe has created the session. */
export async function recordCheckout(
  q: Query,
  reservationId: string,
  checkout: { customerId: string; sessionId: string; url: string; expiresAt: number },
): Promise<void> {
  await q(
    `UPDATE founding_reservations SET stripe_customer_id = $2, stripe_checkout_session_id = $3,
        checkout_url = $4, expires_at = to_timestamp($5) WHERE id = $1`,
    [reservationId, checkout.customerId, checkout.sessionId, checkout.url, checkout.expiresAt],
  );
}
