import type { ErrorBody } from '@leadpulse/common';

const NUL = '\u0000';

export const NUL_MESSAGE = 'Text must not contain NUL characters.';

/** Whether `value` holds U+0000 in a string or an object key: one pass that builds no paths. */
function holdsNul(value: unknown): boolean {
  const pending = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (current.includes(NUL)) return true;
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    for (const key of Object.keys(current)) {
      const child: unknown = (current as Record<string, unknown>)[key];
      if (key.includes(NUL) || (typeof child === 'string' && child.includes(NUL))) return true;
      if (typeof child === 'object') pending.push(child);
    }
  }
  return false;
}

/**
 * Where `value` holds U+0000 in a string or an object key, as a dotted path below `root` ("name",
 * "filter.q"), or undefined. Walked without recursion, so a deep document cannot exhaust the stack;
 * every request is checked, so the path is only built for one that holds a NUL.
 */
export function findNul(value: unknown, root = ''): string | undefined {
  if (!holdsNul(value)) return undefined;
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) return childPath;
      pending.push([child, childPath]);
    }
  }
  return undefined;
}

/**
 * The first query parameter of `url` whose name or text decodes to hold U+0000, read from the raw
 * query string: a parsed query object drops some names (`__proto__`), the text does not.
 */
export function findNulInQueryString(url: string | undefined): string | undefined {
  const start = url?.indexOf('?') ?? -1;
  if (start < 0) return undefined;
  const query = url!.slice(start + 1);
  if (!query.includes('%00') && !query.includes(NUL)) return undefined;
  for (const [name, text] of new URLSearchParams(query)) {
    if (name.includes(NUL) || text.includes(NUL)) return name;
  }
  return undefined;
}

/** The parts of a request a handler may pass on to the database. */
export interface RequestInput {
  url?: string;
  body?: unknown;
  query?: unknown;
  params?: unknown;
  headers?: Record<string, unknown>;
}

/**
 * PostgreSQL refuses U+0000 in text, so a NUL anywhere in a request (its body, query string, path
 * or headers) is answered `validation_failed` before any handler runs, rather than failing a query.
 */
export function nulRefusal(input: RequestInput): ErrorBody | undefined {
  const field =
    findNul(input.body) ??
    findNul(input.query) ??
    findNulInQueryString(input.url) ??
    findNul(input.params) ??
    findNul(input.headers, 'headers');
  if (field === undefined) return undefined;
  return {
    statusCode: 400,
    code: 'validation_failed',
    message: NUL_MESSAGE,
    errors: { [field || 'body']: NUL_MESSAGE },
  };
}
