// The bench's users: the product's demo seed (schema, roles, e-mails, events) with one user, then
// the rest inserted here with names from a real name set, so that the admin search meets trigrams
// as varied as real names give (the demo seed's 20 first and 20 last names repeat every 400 users).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { allLocales, faker } from '@faker-js/faker';
import { ROOT, withDatabase } from './support.js';

/** Rows per INSERT, so a million users report progress. */
const CHUNK = 100_000;

/** A name as an e-mail's local part spells it: no accents, spaces or punctuation. */
const emailPart = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const LATIN = /^\p{Script=Latin}[\p{Script=Latin}' .-]*$/u;

/**
 * The first and last names of every faker locale written in the Latin script (about 17,000 first
 * and 14,000 last names, from dozens of countries), sorted so that every run seeds the same people.
 */
export function nameSet(): { first: string[]; last: string[] } {
  const flat = (value: unknown): string[] =>
    !value ? [] : Array.isArray(value) ? value : Object.values(value).flat();
  const first = new Set<string>();
  const last = new Set<string>();
  for (const locale of Object.values(allLocales)) {
    for (const name of flat(locale.person?.first_name)) if (LATIN.test(name)) first.add(name);
    for (const name of flat(locale.person?.last_name)) if (LATIN.test(name)) last.add(name);
  }
  return { first: [...first].sort(), last: [...last].sort() };
}

/** Seeds `users` users in the database at `databaseUrl`; the seconds it took. */
export async function seedUsers(databaseUrl: string, users: number): Promise<number> {
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    // The backend is built already (npm run bench builds first). No Stripe objects: the search
    // needs none.
    [join(ROOT, 'backend/dist/dev/seed.js'), '--users', '1', '--without-stripe'],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('Seeding failed');

  const { first, last } = nameSet();
  faker.seed(19);
  const companies = Array.from({ length: 500 }, () => faker.company.name());
  const titles = Array.from({ length: 200 }, () => faker.person.jobTitle());
  await withDatabase(databaseUrl, async (client) => {
    // Numbers 2…N follow the demo seed's user 1, in its e-mail pattern and its mix of statuses,
    // promotions and sign-up dates; each user's names are drawn from the name set by a hash of n.
    for (let from = 2; from <= users; from += CHUNK) {
      const to = Math.min(users, from + CHUNK - 1);
      await client.query(
        `INSERT INTO users (email, first_name, last_name, phone, company, job_title, status, is_admin,
            password_set, promo_active, promo_type, promo_expiration_date, created_at, updated_at)
         SELECT
           ($3::text[])[f] || '.' || ($4::text[])[l] || '.' || n || '@seed.example.com',
           ($1::text[])[f], ($2::text[])[l],
           '(555) ' || lpad((100 + n % 900)::text, 3, '0') || '-' || lpad((n % 10000)::text, 4, '0'),
           ($5::text[])[1 + n % cardinality($5::text[])], ($6::text[])[1 + n % cardinality($6::text[])],
           (ARRAY['active','active','active','active','active','active','pending','pending','inactive','active'])[1 + n % 10],
           false,
           n % 10 <> 6,
           n % 13 = 0,
           CASE WHEN n % 13 = 0 THEN (ARRAY['founding_member','one_week_trial','beta_tester','early_adopter'])[1 + n % 4] END,
           CASE WHEN n % 13 = 0 THEN now() + ((n % 60) - 10) * interval '1 day' END,
           now() - ((n::bigint * 7919) % (400 * 24 * 60)) * interval '1 minute',
           now() - (n % 48) * interval '1 hour'
         FROM (
           SELECT n,
                  1 + ((n::bigint * 2654435761) % cardinality($1::text[]))::int AS f,
                  1 + ((n::bigint * 2246822519) % cardinality($2::text[]))::int AS l
             FROM generate_series($7::int, $8::int) AS n
         ) AS drawn`,
        [first, last, first.map(emailPart), last.map(emailPart), companies, titles, from, to],
      );
      console.log(`[bench]   ${to.toLocaleString('en-US')} users`);
    }
    await client.query('VACUUM ANALYZE users');
  });
  return (Date.now() - started) / 1000;
}
