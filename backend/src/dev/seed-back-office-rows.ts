// The demo seed's back-office rows: newsletter and e-mails, roles and audit, promotions, error reports.
import { PROMO_TYPES } from '@leadpulse/common';
import type { Query } from './seed-people.js';
import type { PromotionStripeIds, SeedPromotion } from './seed-stripe.js';

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
