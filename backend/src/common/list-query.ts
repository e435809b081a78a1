import type { FastifyReply } from 'fastify';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { ListRequest } from '@leadpulse/common';
import { AppException } from '../common/app.exception.js';
import { INT4_MAX } from '../common/limits.js';
import { findNul, NUL_MESSAGE } from '../common/nul-bytes.js';

/** react-admin's simple REST list parameters: `filter`, `range` and `sort`, each JSON. */
export interface ListQuery {
  filter: Record<string, unknown>;
  range: [number, number];
  sort: [string, 'ASC' | 'DESC'];
}

export interface ListOptions {
  /** Columns a list may be sorted by besides `id` (whitelisted: the name goes into SQL). */
  sortable: readonly string[];
  defaultSort: [string, 'ASC' | 'DESC'];
  /**
   * The filter keys the list honours besides `id` (react-admin's getMany, which every list
   * answers). Any other key is refused rather than ignored, so a getManyReference on a target
   * the list cannot filter by fails instead of answering every row.
   */
  filters: readonly string[];
}

/** The largest page a client may ask for. */
export const MAX_PAGE_SIZE = 500;
/** The highest row a range may name: far past any list, and inside OFFSET's bigint. */
export const MAX_ROW_INDEX = INT4_MAX;

/** The most ids one `filter.id` may name: a getMany answers all of them on one page. */
export const MAX_FILTER_IDS = MAX_PAGE_SIZE;

const invalid = (message: string, field?: string) =>
  new AppException('validation_failed', 400, message, field ? { [field]: message } : undefined);

function parseJson(raw: unknown, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw invalid(`${name} must be JSON.`);
  try {
    return JSON.parse(raw);
  } catch {
    throw invalid(`${name} must be JSON.`);
  }
}

function parseFilter(raw: unknown, options: ListOptions): Record<string, unknown> {
  const filter = parseJson(raw, 'filter') ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
    throw invalid('filter must be a JSON object.');
  // JSON's \u0000 escape puts a NUL in the filter that the request's own text did not show.
  const nulField = findNul(filter, 'filter');
  if (nulField) throw invalid(NUL_MESSAGE, nulField);
  const accepted = ['id', ...options.filters];
  const unknown = Object.keys(filter).find((key) => !accepted.includes(key));
  if (unknown !== undefined)
    throw invalid(
      `filter.${unknown} is not a filter of this list; it takes ${accepted.join(', ')}.`,
    );
  const { id } = filter as { id?: unknown };
  if (Array.isArray(id) && id.length > MAX_FILTER_IDS)
    throw invalid(`filter.id may name at most ${MAX_FILTER_IDS} ids.`);
  return filter as Record<string, unknown>;
}

/** Without a range, the first page of 20; a getMany (`filter.id`, no range) gets every id it names. */
function defaultRange(filter: Record<string, unknown>): [number, number] {
  return Array.isArray(filter.id) && filter.id.length > 0 ? [0, filter.id.length - 1] : [0, 19];
}

export function parseListQuery(query: ListRequest, options: ListOptions): ListQuery {
  const filter = parseFilter(query.filter, options);

  const range = parseJson(query.range, 'range') ?? defaultRange(filter);
  if (
    !Array.isArray(range) ||
    range.length !== 2 ||
    !range.every((value) => Number.isSafeInteger(value) && value >= 0 && value <= MAX_ROW_INDEX) ||
    range[1] < range[0] ||
    range[1] - range[0] >= MAX_PAGE_SIZE
  )
    throw invalid(`range must be [start, end] with at most ${MAX_PAGE_SIZE} rows.`);

  const sort = parseJson(query.sort, 'sort') ?? options.defaultSort;
  if (
    !Array.isArray(sort) ||
    sort.length !== 2 ||
    !['id', ...options.sortable].includes(sort[0]) ||
    !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase())
  )
    throw invalid(
      `sort must be [field, "ASC" | "DESC"] on one of: ${['id', ...options.sortable].join(', ')}.`,
    );

  return {
    filter,
    range: range as [number, number],
    sort: [sort[0], String(sort[1]).toUpperCase() as 'ASC' | 'DESC'],
  };
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An `id` filter of react-admin's getMany: a list of uuids. */
export function idsFilter(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const ids = Array.isArray(value) ? value : [value];
  if (!ids.every((id) => typeof id === 'string' && UUID.test(id)))
    throw invalid('filter.id must be uuids.');
  return ids as string[];
}

/*
 * A declared filter key with a value of the wrong type is refused: ignoring it would answer rows
 * the caller did not ask for.
 */

/** A text filter (equality): its value, or undefined when the filter does not have it. */
export function textFilter(filter: Record<string, unknown>, key: string): string | undefined {
  const value = filter[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`filter.${key} must be text.`);
  return value;
}

/** The free-text search (`q` unless told), trimmed; undefined when absent or blank. */
export function searchFilter(filter: Record<string, unknown>, key = 'q'): string | undefined {
  return textFilter(filter, key)?.trim() || undefined;
}

export function booleanFilter(filter: Record<string, unknown>, key: string): boolean | undefined {
  const value = filter[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalid(`filter.${key} must be true or false.`);
  return value;
}

/** A reference filter (getManyReference's target): one uuid. */
export function uuidFilter(filter: Record<string, unknown>, key: string): string | undefined {
  const value = filter[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !UUID.test(value))
    throw invalid(`filter.${key} must be a uuid.`);
  return value;
}

/** Options of a list answer. */
export interface SendListOptions {
  /**
   * Count at most this many matches; above it the total is PostgreSQL's estimate, and the answer
   * says so (`X-Total-Estimated: true`). For lists whose broad searches match most of a big table.
   */
  exactCountUpTo?: number;
  sortColumn?: (field: string) => string;
}

/**
 * Answers a page of `builder` in ra-data-simple-rest's convention: the rows, and
 * `Content-Range: resource start-end/total`.
 */
export async function sendList<T extends ObjectLiteral>(
  reply: FastifyReply,
  resource: string,
  builder: SelectQueryBuilder<T>,
  query: ListQuery,
  options: SendListOptions = {},
): Promise<T[]> {
  const sortColumn = options.sortColumn ?? ((field: string) => `${builder.alias}.${field}`);
  const [start, end] = query.range;
  const page = builder
    .clone()
    .orderBy(sortColumn(query.sort[0]), query.sort[1])
    .addOrderBy(`${builder.alias}.id`, query.sort[1])
    .skip(start)
    .take(end - start + 1);
  let rows: T[];
  let total: number;
  let estimated = false;
  if (options.exactCountUpTo === undefined) {
    [rows, total] = await page.getManyAndCount();
  } else {
    rows = await page.getMany();
    ({ total, estimated } =
      pageTotal(rows.length, query.range, options.exactCountUpTo) ??
      (await cappedCount(builder, options.exactCountUpTo)));
  }
  reply.header(
    'Content-Range',
    `${resource} ${start}-${rows.length ? start + rows.length - 1 : start}/${total}`,
  );
  if (estimated) reply.header('X-Total-Estimated', 'true');
  reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Estimated');
  return rows;
}

/**
 * The total a page tells by itself, as counting would answer it: a page that is not full ends the
 * matches, unless it is empty past the end. A selective search then costs one query, not two.
 */
function pageTotal(
  length: number,
  [start, end]: [number, number],
  cap: number,
): { total: number; estimated: false } | undefined {
  const total = start + length;
  const ends = length < end - start + 1 && (length > 0 || start === 0);
  return ends && total <= cap ? { total, estimated: false } : undefined;
}

/** The exact count up to `cap`; beyond it, the planner's estimate (never less than `cap + 1`). */
async function cappedCount<T extends ObjectLiteral>(
  builder: SelectQueryBuilder<T>,
  cap: number,
): Promise<{ total: number; estimated: boolean }> {
  const [sql, parameters] = builder
    .clone()
    .select(`${builder.alias}.id`)
    .orderBy()
    .limit(cap + 1)
    .getQueryAndParameters();
  const [{ count }] = (await builder.connection.query(
    `SELECT count(*)::int AS count FROM (${sql}) AS capped`,
    parameters,
  )) as { count: number }[];
  if (count <= cap) return { total: count, estimated: false };
  const [matching] = builder
    .clone()
    .select(`${builder.alias}.id`)
    .orderBy()
    .getQueryAndParameters();
  const [{ 'QUERY PLAN': plan }] = (await builder.connection.query(
    `EXPLAIN (FORMAT JSON) ${matching}`,
    parameters,
  )) as { 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }[];
  return { total: Math.max(Math.round(plan[0].Plan['Plan Rows']), cap + 1), estimated: true };
}
