import type { LeadSort, LeadSortField } from '@leadpulse/common';
import { LEADS_ERRORS } from '../leads.errors.js';

/**
 * A sort whose keys are never null and run in one direction, so that the page after (or before)
 * a row is one range read of the sort's index: `(keys) < (the row's keys)`. The columns are
 * written as the sort's ORDER BY and its index read them.
 */
interface Keyset {
  columns: readonly string[];
  /** Each key's type, to read its text back exactly as PostgreSQL wrote it. */
  types: readonly ('int' | 'uuid' | 'text' | 'timestamptz')[];
}

/**
 * The sorts a page can follow from a cursor. `last_signal_at` is not among them: its nulls sort
 * last whichever the direction, so no single range reads the rest of the list; its pages are
 * counted from the nearer end, as any page asked for by number is.
 */
const KEYSETS: Partial<Record<LeadSortField, Keyset>> = {
  score: { columns: ['s.score', 's.lead_id'], types: ['int', 'uuid'] },
  created_at: { columns: ['l.created_at', 'l.id'], types: ['timestamptz', 'uuid'] },
  name: {
    columns: ['lower(l.first_name)', 'lower(l.last_name)', 'l.id'],
    types: ['text', 'text', 'uuid'],
  },
};

/** Where a page starts: after the row a cursor names, or before it. */
export interface PageCursor {
  side: 'after' | 'before';
  keys: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VALID: Record<Keyset['types'][number], (value: string) => boolean> = {
  int: (value) => /^-?\d{1,9}$/.test(value),
  uuid: (value) => UUID.test(value),
  text: (value) => value.length <= 1_000,
  // As PostgreSQL writes a timestamptz in ISO style: 2026-11-28 20:13:09.123456+00.
  timestamptz: (value) =>
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/.test(value),
};

/** The keyset of a list's order, when its pages can follow from cursors (no search reorders it). */
export function keysetOf(sort: LeadSort, searched: boolean): Keyset | undefined {
  return searched ? undefined : KEYSETS[sort.replace(/^-/, '') as LeadSortField];
}

/** The SELECT list that reads a row's keys as text (`k0`, `k1`, …), for its cursor. */
export const keyColumns = (keyset: Keyset) =>
  keyset.columns.map((column, index) => [`(${column})::text`, `k${index}`] as const);

/** The cursor of a row of a list in `sort`: opaque to clients, the sort and the row's keys. */
export function encodeCursor(sort: LeadSort, keys: string[]): string {
  return Buffer.from(JSON.stringify([sort, ...keys])).toString('base64url');
}

/**
 * The query's `after` or `before` cursor, checked against the list's sort: a cursor of another
 * sort, or one not made here, answers 400 `validation_failed`.
 */
export function decodeCursor(
  query: { after?: string; before?: string },
  sort: LeadSort,
  keyset: Keyset | undefined,
): PageCursor | undefined {
  const side = query.after !== undefined ? 'after' : query.before !== undefined ? 'before' : null;
  if (!side) return undefined;
  const invalid = () =>
    LEADS_ERRORS.invalid(
      side,
      `${side} is not a page of this list in this order; start again from its first page.`,
    );
  if (query.after !== undefined && query.before !== undefined)
    throw LEADS_ERRORS.invalid('before', 'Give after or before, not both.');
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(query[side] ?? '', 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!keyset || !Array.isArray(decoded) || decoded[0] !== sort) throw invalid();
  const keys = decoded.slice(1);
  const valid =
    keys.length === keyset.types.length &&
    keys.every((key, index) => typeof key === 'string' && VALID[keyset.types[index]](key));
  if (!valid) throw invalid();
  return { side, keys: keys as string[] };
}

/**
 * The WHERE clause and its parameters that keep the rows past the cursor in the list's
 * direction: `(keys) < (cursor)` descending after, `>` before (and the reverse ascending).
 */
export function keysetCondition(
  keyset: Keyset,
  direction: 'ASC' | 'DESC',
  cursor: PageCursor,
): [string, Record<string, string>] {
  const forward = cursor.side === 'after';
  const operator = (direction === 'DESC') === forward ? '<' : '>';
  const parameters = Object.fromEntries(cursor.keys.map((key, index) => [`cursor${index}`, key]));
  const values = keyset.types.map((type, index) => `CAST(:cursor${index} AS ${type})`);
  return [`(${keyset.columns.join(', ')}) ${operator} (${values.join(', ')})`, parameters];
}
