import {
  LEAD_SORTS,
  LEAD_SOURCES,
  LEAD_STAGES,
  LEADS_PAGE_SIZE,
  type LeadListQuery,
  type LeadSort,
  type LeadSource,
} from '@leadpulse/common';

export const DEFAULT_SORT: LeadSort = '-last_signal_at';
const STAGE_FILTERS: readonly string[] = [...LEAD_STAGES, 'tracked', 'untracked'];
const SORTS: readonly string[] = LEAD_SORTS.flatMap((field) => [field, `-${field}`]);

/** The leads list's query from the page's address, ignoring what the API would refuse. */
export function queryFromParams(params: URLSearchParams): LeadListQuery {
  const query: LeadListQuery = { pageSize: LEADS_PAGE_SIZE };
  const page = Number(params.get('page'));
  query.page = Number.isInteger(page) && page > 0 ? page : 1;
  // A page that follows the one before or after it on the screen (only with its number).
  const after = params.get('after');
  const before = params.get('before');
  if (query.page > 1 && after) query.after = after.slice(0, 2_000);
  else if (before) query.before = before.slice(0, 2_000);
  const sort = params.get('sort');
  query.sort = sort && SORTS.includes(sort) ? (sort as LeadSort) : DEFAULT_SORT;
  const q = params.get('q')?.trim();
  if (q) query.q = q.slice(0, 200);
  const stage = params.get('stage');
  if (stage && STAGE_FILTERS.includes(stage)) query.stage = stage as LeadListQuery['stage'];
  const monitored = params.get('monitored');
  if (monitored === 'true' || monitored === 'false') query.monitored = monitored === 'true';
  const source = params.get('source');
  if (source && (LEAD_SOURCES as readonly string[]).includes(source))
    query.source = source as LeadSource;
  const minScore = Number(params.get('min_score'));
  if (params.get('min_score') && Number.isInteger(minScore) && minScore > 0 && minScore <= 100)
    query.min_score = minScore;
  const since = params.get('has_signal_since');
  if (since && /^\d{4}-\d{2}-\d{2}$/.test(since) && !Number.isNaN(Date.parse(since)))
    query.has_signal_since = since;
  return query;
}

/**
 * The address with one filter changed: an empty value removes it, and any change but the page's
 * own goes back to page 1 (and forgets the cursor of the page it came from).
 */
export function withParam(params: URLSearchParams, key: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  if (key !== 'page') next.delete('page');
  next.delete('after');
  next.delete('before');
  return next;
}

/** The cursors of the page on screen, as `GET /api/leads` answers them. */
export interface PageCursors {
  page: number;
  next_cursor: string | null;
  prev_cursor: string | null;
}

/**
 * The address of another page: the next and the previous one follow the cursor of the page on
 * screen, so the server reads them straight from the sort's index; any other page goes by
 * number.
 */
export function withPage(
  params: URLSearchParams,
  page: number,
  current?: PageCursors,
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('after');
  next.delete('before');
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  if (page === (current?.page ?? 0) + 1 && current?.next_cursor)
    next.set('after', current.next_cursor);
  else if (page > 1 && page === (current?.page ?? 0) - 1 && current?.prev_cursor)
    next.set('before', current.prev_cursor);
  return next;
}

/** Whether the query narrows the list (a search or a filter), so an empty page is "no match". */
export function isFiltered(query: LeadListQuery): boolean {
  return Boolean(
    query.q ||
    query.stage ||
    query.monitored !== undefined ||
    query.source ||
    query.min_score ||
    query.has_signal_since,
  );
}
