import { MAX_FILTER_IDS, parseListQuery, type ListOptions } from './list-query.js';

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

describe('parseListQuery', () => {
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
