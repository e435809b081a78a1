/**
 * The demo seed's people: removing an earlier seed, the users (SQL over generate_series, so
 * 100,000 take seconds), the seeded people read back, and the founding buyers' reservations.
 */
import { SEED_PROMOTIONS } from './seed-back-office-rows.js';
import type { SeedPerson } from './seed-stripe.js';

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
