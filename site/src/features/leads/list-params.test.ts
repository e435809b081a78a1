import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, isFiltered, queryFromParams, withPage, withParam } from './list-params';

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

describe('withPage', () => {
  const onScreen = { page: 4, next_cursor: 'n4', prev_cursor: 'p4' };

  it('follows the cursor of the page on screen to the next and the previous page', () => {
    const params = new URLSearchParams('sort=-score&page=4&after=n3');
    expect(withPage(params, 5, onScreen).toString()).toBe('sort=-score&page=5&after=n4');
    expect(withPage(params, 3, onScreen).toString()).toBe('sort=-score&page=3&before=p4');
  });

  it('goes to any other page by its number, and to the first without one', () => {
    const params = new URLSearchParams('sort=-score&page=4&after=n3');
    expect(withPage(params, 4000, onScreen).toString()).toBe('sort=-score&page=4000');
    expect(withPage(params, 1, { ...onScreen, page: 2 }).toString()).toBe('sort=-score');
  });

  it('goes by number when the order has no cursors', () => {
    const params = new URLSearchParams('q=ada&page=2');
    const none = { page: 2, next_cursor: null, prev_cursor: null };
    expect(withPage(params, 3, none).toString()).toBe('q=ada&page=3');
  });

  it('reads a cursor back from the address, and forgets it when a filter changes', () => {
    const params = new URLSearchParams('sort=-score&page=5&after=n4');
    expect(queryFromParams(params)).toMatchObject({ page: 5, after: 'n4' });
    expect(queryFromParams(new URLSearchParams('page=1&after=n4')).after).toBeUndefined();
    expect(withParam(params, 'stage', 'won').toString()).toBe('sort=-score&stage=won');
  });
});

describe('isFiltered', () => {
  it('tells a narrowed list from the whole one', () => {
    expect(isFiltered({ page: 2, sort: '-score' })).toBe(false);
    expect(isFiltered({ monitored: false })).toBe(true);
    expect(isFiltered({ q: 'ada' })).toBe(true);
  });
});
