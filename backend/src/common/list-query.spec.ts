import { AppException } from './app.exception.js';
import { MAX_ROW_INDEX, parseListQuery } from './list-query.js';

const options = { sortable: ['created_at'], defaultSort: ['created_at', 'DESC'] as const };

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

describe('parseListQuery', () => {
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
