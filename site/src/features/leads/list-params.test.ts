import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, isFiltered, queryFromParams, withParam } from './list-params';

describe('queryFromParams', () => {
  it('reads the search, filters, sort and page from the address', () => {
    const params = new URLSearchParams(
      'q=+acme+&stage=tracked&monitored=true&source=csv&min_score=40&has_signal_since=2026-10-01&sort=-score&page=3',
    );
    expect(queryFromParams(params)).toEqual({
      page: 3,
      pageSize: 25,
      sort: '-score',
      q: 'acme',
      stage: 'tracked',
      monitored: true,
      source: 'csv',
      min_score: 40,
      has_signal_since: '2026-10-01',
    });
  });

  it('drops what the API would refuse, keeping page 1 and the default sort', () => {
    const params = new URLSearchParams(
      'stage=vip&monitored=yes&source=web&min_score=abc&has_signal_since=yesterday&sort=price&page=-2',
    );
    expect(queryFromParams(params)).toEqual({ page: 1, pageSize: 25, sort: DEFAULT_SORT });
  });
});

describe('withParam', () => {
  it('sets or removes a filter and goes back to page 1', () => {
    const params = new URLSearchParams('q=ada&page=4');
    expect(withParam(params, 'stage', 'new').toString()).toBe('q=ada&stage=new');
    expect(withParam(params, 'q', '').toString()).toBe('');
    expect(withParam(params, 'page', '5').toString()).toBe('q=ada&page=5');
  });
});

describe('isFiltered', () => {
  it('tells a narrowed list from the whole one', () => {
    expect(isFiltered({ page: 2, sort: '-score' })).toBe(false);
    expect(isFiltered({ monitored: false })).toBe(true);
    expect(isFiltered({ q: 'ada' })).toBe(true);
  });
});
