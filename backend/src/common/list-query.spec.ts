import { AppException } from './app.exception.js';
import { MAX_FILTER_IDS, MAX_ROW_INDEX, parseListQuery, type ListOptions } from './list-query.js';

const options = {
  sortable: ['created_at'],
  defaultSort: ['created_at', 'DESC'] as const,
  filters: ['q'],
};

/** The error code and field errors a query is refused with, or "accepted". */
function outcome(query: Record<string, unknown>) {
  try {
    parseListQuery(query, { ...options, defaultSort: [...options.defaultSort] });
    return 'accepted';
  } catch (error) {
    if (!(error instanceof AppException)) throw error;
    return { status: error.getStatus(), code: error.code, errors: error.errors };
  }
}

describe('parseListQuery: bounds', () => {
  it.each([
    '[1e20,1e20]',
    '[-1e20,0]',
    '[0,1e20]',
    `[${2 ** 31},${2 ** 31}]`,
    `[${2 ** 53 + 1},${2 ** 53 + 1}]`,
    '[-1,5]',
    '[0.5,3]',
    '["NaN","NaN"]',
    '["Infinity","Infinity"]',
    '[0,"10"]',
  ])('refuses range=%s as validation_failed', (range) => {
    expect(outcome({ range })).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('accepts ranges up to the highest row index', () => {
    expect(outcome({ range: `[${MAX_ROW_INDEX - 9},${MAX_ROW_INDEX}]` })).toBe('accepted');
    expect(outcome({ range: '[0,499]' })).toBe('accepted');
  });

  it('refuses a NUL that JSON escapes put in the filter, naming the field', () => {
    expect(outcome({ filter: '{"q":"a\\u0000b"}' })).toEqual({
      status: 400,
      code: 'validation_failed',
      errors: { 'filter.q': 'Text must not contain NUL characters.' },
    });
    expect(outcome({ filter: '{"q":"a\\\\u0000b"}' })).toBe('accepted');
  });
});

const OPTIONS: ListOptions = {
  sortable: ['created_at'],
  defaultSort: ['created_at', 'DESC'],
  filters: ['q', 'status'],
};
const parse = (query: Record<string, unknown>) =>
  parseListQuery(
    Object.fromEntries(Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)])),
    OPTIONS,
  );
const uuids = (count: number) =>
  Array.from({ length: count }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

describe('parseListQuery: the ra-data-simple-rest contract', () => {
  it('pages by 20 without a range, but gives a getMany (filter.id, no range) every id', () => {
    expect(parse({}).range).toEqual([0, 19]);
    expect(parse({ filter: { id: uuids(30) } }).range).toEqual([0, 29]);
    expect(parse({ filter: { id: [] } }).range).toEqual([0, 19]);
    expect(parse({ filter: { id: uuids(30) }, range: [0, 9] }).range).toEqual([0, 9]);
    expect(parse({ filter: { id: uuids(MAX_FILTER_IDS) } }).range).toEqual([0, MAX_FILTER_IDS - 1]);
    expect(() => parse({ filter: { id: uuids(MAX_FILTER_IDS + 1) } })).toThrow(
      `filter.id may name at most ${MAX_FILTER_IDS} ids.`,
    );
  });

  it('takes the declared filter keys and id, and refuses any other', () => {
    expect(parse({ filter: { id: uuids(1), q: 'x', status: 'active' } }).filter).toEqual({
      id: uuids(1),
      q: 'x',
      status: 'active',
    });
    expect(() => parse({ filter: { user_id: uuids(1)[0] } })).toThrow(
      'filter.user_id is not a filter of this list; it takes id, q, status.',
    );
  });

  it('sorts by id on every list, besides the declared columns', () => {
    expect(parse({ sort: ['id', 'asc'] }).sort).toEqual(['id', 'ASC']);
    expect(parse({ sort: ['created_at', 'DESC'] }).sort).toEqual(['created_at', 'DESC']);
    expect(() => parse({ sort: ['email', 'ASC'] })).toThrow('on one of: id, created_at.');
  });
});
