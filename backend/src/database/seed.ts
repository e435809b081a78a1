/**
 * npm run seed [-- --users N]
 * Development only: fills the database with demo data so every admin screen can be seen full:
 * users in every status, founding members, subscriptions, payments and cards, newsletter subscribers,
 * e-mails, Stripe events, audit entries and roles. Seeded rows use `@seed.example.com` addresses
 * and `_seed_` Stripe ids; running it again replaces them and touches nothing else.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { createDataSource } from './data-source.js';
import { openDatabaseForTool } from './open-database.js';
import { runMigrations } from './run-migrations.js';

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

/** The whole seed as SQL over generate_series, so 100,000 users take seconds, not minutes. */
export async function seed(dataSource: DataSource, users: number): Promise<void> {
  await dataSource.transaction(async (manager) => {
    const q = (sql: string, parameters: unknown[] = []) => manager.query(sql, parameters);
    // Replace an earlier seed.
    await q(`DELETE FROM stripe_events WHERE stripe_event_id LIKE 'evt_seed_%'`);
    await q(`DELETE FROM transactions WHERE stripe_customer_id LIKE 'cus_seed_%'`);
    await q(`DELETE FROM payment_methods WHERE stripe_customer_id LIKE 'cus_seed_%'`);
    await q(`DELETE FROM subscriptions WHERE stripe_customer_id LIKE 'cus_seed_%'`);
    await q(`DELETE FROM emails WHERE to_email LIKE '%@seed.example.com'`);
    await q(`DELETE FROM newsletter_subscriptions WHERE email LIKE '%@seed.example.com'`);
    await q(
      `DELETE FROM admin_actions WHERE target_user_id IN (SELECT id FROM users WHERE email LIKE '%@seed.example.com')
          OR admin_id IN (SELECT id FROM users WHERE email LIKE '%@seed.example.com')`,
    );
    await q(`DELETE FROM users WHERE email LIKE '%@seed.example.com'`);
    await q(`DELETE FROM roles WHERE name IN ('Support', 'Billing', 'Marketing')`);

    await q(
      `INSERT INTO users (email, first_name, last_name, phone, company, job_title, status, is_admin, founding_member,
          founding_member_purchased_at, subscription_plan, subscription_status, current_period_end,
          stripe_customer_id, stripe_subscription_id, password_set, promo_active, promo_type, promo_expiration_date,
          created_at, updated_at)
       SELECT
         lower(($1::text[])[1 + (n * 7) % 20]) || '.' || lower(replace(($2::text[])[1 + (n * 13 + n / 20) % 20], ' ', '')) || '.' || n || '@seed.example.com',
         ($1::text[])[1 + (n * 7) % 20], ($2::text[])[1 + (n * 13 + n / 20) % 20],
         '(555) ' || lpad((100 + n % 900)::text, 3, '0') || '-' || lpad((n % 10000)::text, 4, '0'),
         ($3::text[])[1 + n % 10], ($4::text[])[1 + n % 6],
         (ARRAY['active','active','active','active','active','paid','pending','pending','inactive','active'])[1 + n % 10],
         n <= 2,
         n % 10 = 5 OR n % 17 = 0,
         CASE WHEN n % 10 = 5 OR n % 17 = 0 THEN now() - (n % 80) * interval '1 day' END,
         CASE WHEN n % 10 = 5 OR n % 17 = 0 THEN 'founding_member'
              ELSE (ARRAY[NULL,'prospector','networker','rainmaker',NULL,'prospector'])[1 + n % 6] END,
         CASE WHEN n % 10 = 5 OR n % 17 = 0 OR n % 6 IN (1,2,3,5)
              THEN (ARRAY['active','active','active','past_due','active','canceled'])[1 + n % 6] END,
         CASE WHEN n % 10 = 5 OR n % 17 = 0 OR n % 6 IN (1,2,3,5) THEN now() + (n % 30) * interval '1 day' END,
         CASE WHEN n % 10 = 5 OR n % 17 = 0 OR n % 6 IN (1,2,3,5) THEN 'cus_seed_' || n END,
         CASE WHEN n % 10 = 5 OR n % 17 = 0 OR n % 6 IN (1,2,3,5) THEN 'sub_seed_' || n END,
         n % 10 <> 5 AND n % 10 <> 6,
         n % 13 = 0,
         CASE WHEN n % 13 = 0 THEN (ARRAY['founding_member','one_week_trial','beta_tester','early_adopter'])[1 + n % 4] END,
         CASE WHEN n % 13 = 0 THEN now() + ((n % 60) - 10) * interval '1 day' END,
         now() - ((n::bigint * 7919) % (400 * 24 * 60)) * interval '1 minute',
         now() - (n % 48) * interval '1 hour'
       FROM generate_series(1, $5::int) AS n`,
      [FIRST, LAST, COMPANIES, TITLES, users],
    );

    await q(
      `INSERT INTO subscriptions (stripe_subscription_id, stripe_customer_id, user_id, plan_name, plan_type, status,
          amount_cents, current_period_end, created_at)
       SELECT u.stripe_subscription_id, u.stripe_customer_id, u.id, u.subscription_plan,
              CASE WHEN u.subscription_plan = 'founding_member' THEN 'every 3 months' ELSE 'monthly' END,
              u.subscription_status,
              CASE u.subscription_plan WHEN 'founding_member' THEN 5000 WHEN 'prospector' THEN 7500
                   WHEN 'networker' THEN 14500 ELSE 19900 END,
              u.current_period_end, u.created_at + interval '1 hour'
         FROM users u WHERE u.email LIKE '%@seed.example.com' AND u.stripe_subscription_id IS NOT NULL`,
    );

    await q(
      `INSERT INTO transactions (user_id, stripe_customer_id, stripe_invoice_id, stripe_charge_id, stripe_subscription_id,
          amount_cents, status, description, receipt_url, paid_at, created_at)
       SELECT s.user_id, s.stripe_customer_id, 'in_seed_' || s.stripe_customer_id || '_' || k,
              'ch_seed_' || s.stripe_customer_id || '_' || k, s.stripe_subscription_id, s.amount_cents,
              CASE WHEN s.status = 'past_due' AND k = 1 THEN 'failed' ELSE 'succeeded' END,
              '1 × ' || initcap(replace(s.plan_name, '_', ' ')) || ' (' || s.plan_type || ')',
              'https://pay.stripe.com/receipts/seed/' || s.stripe_customer_id || '/' || k,
              now() - k * interval '30 days', now() - k * interval '30 days'
         FROM subscriptions s, generate_series(1, 3) AS k
        WHERE s.stripe_customer_id LIKE 'cus_seed_%'`,
    );

    await q(
      `INSERT INTO payment_methods (user_id, stripe_customer_id, stripe_payment_method_id, card_brand, card_last4,
          card_exp_month, card_exp_year, is_default)
       SELECT s.user_id, s.stripe_customer_id, 'pm_seed_' || s.stripe_customer_id,
              (ARRAY['visa','mastercard','amex'])[1 + abs(hashtext(s.stripe_customer_id)) % 3],
              lpad((abs(hashtext(s.stripe_customer_id)) % 10000)::text, 4, '0'),
              1 + abs(hashtext(s.stripe_customer_id)) % 12, 2027 + abs(hashtext(s.stripe_customer_id)) % 4, true
         FROM subscriptions s WHERE s.stripe_customer_id LIKE 'cus_seed_%'`,
    );

    await q(
      `INSERT INTO newsletter_subscriptions (email, source, first_name, last_name, status, confirmed_at, created_at)
       SELECT u.email,
              CASE WHEN u.founding_member THEN 'founding_member' ELSE (ARRAY['waitlist','newsletter','manual','import'])[1 + abs(hashtext(u.email)) % 4] END,
              u.first_name, u.last_name,
              (ARRAY['active','active','active','unsubscribed','pending','bounced'])[1 + abs(hashtext(u.email)) % 6],
              u.created_at, u.created_at
         FROM users u WHERE u.email LIKE '%@seed.example.com' AND abs(hashtext(u.email)) % 2 = 0
       ON CONFLICT (email) DO NOTHING`,
    );

    await q(
      `INSERT INTO emails (to_email, template, subject, data, status, attempts, sent_at, user_id, created_at)
       SELECT u.email, t.template, t.subject, jsonb_build_object('firstName', u.first_name, 'link', t.link),
              (ARRAY['sent','sent','sent','logged','failed'])[1 + abs(hashtext(u.email || t.template)) % 5],
              1, u.created_at + interval '1 minute', u.id, u.created_at
         FROM (SELECT * FROM users WHERE email LIKE '%@seed.example.com' ORDER BY created_at DESC LIMIT 2000) u,
              (VALUES ('confirm-email', 'Confirm your email address', '/confirm-email#token=seed'),
                      ('welcome', 'Welcome to LeadPulse!', '/dashboard')) AS t(template, subject, link)`,
    );

    await q(
      `INSERT INTO stripe_events (stripe_event_id, event_type, event_data, processed, processed_at, attempts, error_message, created_at)
       SELECT 'evt_seed_' || n,
              (ARRAY['checkout.session.completed','customer.subscription.created','invoice.paid','customer.subscription.updated','invoice.payment_failed','charge.refunded'])[1 + n % 6],
              jsonb_build_object('id', 'evt_seed_' || n, 'object', 'event',
                'type', (ARRAY['checkout.session.completed','customer.subscription.created','invoice.paid','customer.subscription.updated','invoice.payment_failed','charge.refunded'])[1 + n % 6],
                'data', jsonb_build_object('object', jsonb_build_object('id', 'obj_seed_' || n, 'customer', 'cus_seed_' || n))),
              n % 11 <> 0, CASE WHEN n % 11 <> 0 THEN now() - n * interval '2 hours' END,
              CASE WHEN n % 11 = 0 THEN 3 ELSE 1 END,
              CASE WHEN n % 11 = 0 THEN 'No such customer: cus_seed_' || n END,
              now() - n * interval '2 hours'
         FROM generate_series(1, LEAST($1::int, 300)) AS n`,
      [users],
    );

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

    await q(
      `INSERT INTO admin_actions (admin_id, action_type, target_user_id, details, created_at)
       SELECT (SELECT id FROM users WHERE email LIKE '%@seed.example.com' AND is_admin ORDER BY email LIMIT 1),
              (ARRAY['apply_promo','update_user','send_welcome_email','send_password_reset'])[1 + n % 4],
              u.id,
              jsonb_build_object('description',
                (ARRAY['Applied promo Beta Tester for 90 days','Updated company','Welcome email sent to ','Password reset sent to '])[1 + n % 4]
                  || CASE WHEN n % 4 >= 2 THEN u.email ELSE '' END,
                'old_values', CASE WHEN n % 4 = 1 THEN jsonb_build_object('company', 'Initech') END,
                'new_values', CASE WHEN n % 4 = 1 THEN jsonb_build_object('company', u.company) END),
              now() - n * interval '3 hours'
         FROM (SELECT id, email, company, row_number() OVER (ORDER BY created_at DESC) AS n
                 FROM users WHERE email LIKE '%@seed.example.com' AND NOT is_admin LIMIT 40) u`,
    );
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { users: { type: 'string', default: '200' } } });
  const users = Number(values.users);
  if (!Number.isInteger(users) || users < 1 || users > 1_000_000) {
    console.error('Usage: npm run seed [-- --users N] (1 to 1,000,000)');
    return 2;
  }
  const config = AppConfig.fromEnvironment();
  if (config.isProduction) {
    console.error('npm run seed is for development only; it refuses to run in production.');
    return 2;
  }
  const database = await openDatabaseForTool(config, { viaRunningServer: true });
  const dataSource = createDataSource(database.url, 2);
  try {
    await dataSource.initialize();
    await runMigrations(dataSource);
    const started = Date.now();
    await seed(dataSource, users);
    // Bulk inserts leave the trigram indexes' pending lists full and the statistics stale:
    // searches would be several times slower until autovacuum came by.
    await dataSource.query('VACUUM ANALYZE users, subscriptions, transactions, emails');
    console.log(
      `Seeded ${users.toLocaleString('en-US')} demo users with their subscriptions, payments, e-mails and events in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return 0;
  } finally {
    await dataSource.destroy().catch(() => undefined);
    await database.close();
  }
}

if (process.argv[1]?.endsWith('seed.js')) {
  main().then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
