import type { EntityManager } from 'typeorm';
import type { UserEntity } from './user.entity.js';
import { anonymousEmail } from './deleted-account.js';

/** A member being erased, as their rows knew them: what must not be left anywhere. */
export interface ErasedPerson {
  userId: string;
  /** Their sign-in account, if they had one. */
  accountId: string | null;
  stripeCustomerId: string | null;
  /** The address they had, and the one their rows carry from now on. */
  email: string;
  anonymous: string;
  /** Addresses that name them (the account's and the billing one), replaced wherever they occur. */
  emails: string[];
  /** Names, phone numbers and the street line, removed wherever they occur. */
  phrases: string[];
  /** Single words (a first or last name), removed only where a value is exactly that word. */
  words: string[];
}

/** Shorter phrases than this are matched only as a whole value: "Li" is in too many words. */
const MIN_PHRASE = 5;

const present = (values: (string | null | undefined)[]) => [
  ...new Set(values.map((value) => value?.trim() ?? '').filter((value) => value !== '')),
];

export function erasedPerson(user: UserEntity): ErasedPerson {
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  const address = user.billing_address;
  const phrases = present([
    fullName,
    user.billing_name,
    user.phone,
    user.billing_phone,
    address?.line1,
  ]);
  return {
    userId: user.id,
    accountId: user.auth_user_id,
    stripeCustomerId: user.stripe_customer_id,
    email: user.email,
    anonymous: anonymousEmail(user.id),
    emails: present([user.email, user.billing_email]),
    phrases: phrases.filter((phrase) => phrase.length >= MIN_PHRASE),
    words: present([user.first_name, user.last_name, ...phrases]),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A text without the person in it: their addresses become the anonymous one, the rest goes. */
export function scrubText(text: string, person: ErasedPerson): string {
  if (person.words.some((word) => word.toLowerCase() === text.trim().toLowerCase())) return '';
  let scrubbed = text;
  for (const email of person.emails)
    scrubbed = scrubbed.replace(new RegExp(escapeRegExp(email), 'gi'), person.anonymous);
  for (const phrase of person.phrases)
    scrubbed = scrubbed.replace(new RegExp(escapeRegExp(phrase), 'gi'), '');
  return scrubbed;
}

/** The same for any JSON value: every string in it, keys kept. */
export function scrubValue(value: unknown, person: ErasedPerson): unknown {
  if (typeof value === 'string') return scrubText(value, person);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, person));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, scrubValue(item, person)]),
    );
  return value;
}

/**
 * Scrubs the given text or JSON columns of the rows of `table` that `where` selects (a condition
 * on the row; `$1` is the user's id, `$2` their e-mail, `$3` their Stripe customer, `$4` the
 * addresses that name them), writing only the rows that change.
 */
export async function scrubRows(
  manager: EntityManager,
  person: ErasedPerson,
  table: string,
  columns: string[],
  where: string,
): Promise<void> {
  const rows = (await manager.query(
    // The unused CTE gives every parameter its type, whichever of them `where` uses.
    `WITH p AS (SELECT $1::uuid, $2::text, $3::text, $4::text[])
     SELECT id, ${columns.join(', ')} FROM ${table} WHERE ${where} FOR UPDATE`,
    [person.userId, person.email, person.stripeCustomerId ?? '', person.emails],
  )) as Record<string, unknown>[];
  for (const row of rows) {
    const changed = columns.filter(
      (column) => JSON.stringify(scrubValue(row[column], person)) !== JSON.stringify(row[column]),
    );
    if (changed.length === 0) continue;
    await manager.query(
      `UPDATE ${table} SET ${changed.map((column, i) => `${column} = $${i + 2}`).join(', ')}
        WHERE id = $1`,
      [row.id, ...changed.map((column) => asParameter(scrubValue(row[column], person)))],
    );
  }
}

/** JSON goes to the driver as text: it would write a JavaScript array as a PostgreSQL one. */
const asParameter = (value: unknown) =>
  value !== null && typeof value === 'object' ? JSON.stringify(value) : value;

/** SQL: whether a text or JSON column mentions one of the addresses ($4) naming the person. */
export const mentions = (column: string) =>
  `EXISTS (SELECT 1 FROM unnest($4::text[]) AS e(address)
            WHERE strpos(lower(${column}::text), lower(e.address)) > 0)`;
