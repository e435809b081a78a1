import { findNul, nulRefusal, NUL_MESSAGE } from './nul-bytes.js';

describe('findNul', () => {
  it('names the field whose text holds U+0000, however deep', () => {
    expect(findNul({ name: 'Ada\u0000' })).toBe('name');
    expect(findNul({ billing: { address: [{ city: 'x' }, { city: '\u0000' }] } })).toBe(
      'billing.address.1.city',
    );
    expect(findNul({ ['key\u0000']: 1 })).toBe('key\u0000');
    expect(findNul({ q: 'a\u0000' }, 'filter')).toBe('filter.q');
  });

  it('finds nothing in clean input, numbers, nulls and raw bytes', () => {
    expect(findNul({ name: 'Ada', n: 0, nothing: null, list: [true, 'x'] })).toBeUndefined();
    expect(findNul(undefined)).toBeUndefined();
    expect(findNul(Buffer.from([0, 0, 0]))).toBeUndefined();
    // "\\u0000" written out is six harmless characters, not a NUL.
    expect(findNul('\\u0000')).toBeUndefined();
  });

  it('walks a very deep document without overflowing the stack', () => {
    let value: unknown = '\u0000';
    for (let level = 0; level < 200_000; level += 1) value = { next: value };
    expect(findNul(value)).toMatch(/^next(\.next)+$/);
  });
});

describe('nulRefusal', () => {
  it('answers validation_failed for a NUL in the body, query, path or headers', () => {
    const refused = (input: Parameters<typeof nulRefusal>[0]) => nulRefusal(input)?.errors;
    expect(refused({ body: { name: 'a\u0000' } })).toEqual({ name: NUL_MESSAGE });
    expect(refused({ query: { q: '\u0000' } })).toEqual({ q: NUL_MESSAGE });
    expect(refused({ params: { id: '\u0000' } })).toEqual({ id: NUL_MESSAGE });
    expect(refused({ headers: { 'user-agent': 'x\u0000' } })).toEqual({
      'headers.user-agent': NUL_MESSAGE,
    });
    expect(refused({ body: 'plain\u0000text' })).toEqual({ body: NUL_MESSAGE });
    expect(nulRefusal({ body: { name: 'a\u0000' } })).toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      message: NUL_MESSAGE,
    });
  });

  it('reads the raw query string, where a parsed query drops names such as __proto__', () => {
    const refused = (url: string) => nulRefusal({ url, query: {} })?.errors;
    expect(JSON.stringify(refused('/api/x?__proto__=J%00'))).toBe(
      JSON.stringify({ ['__proto__']: NUL_MESSAGE }),
    );
    expect(refused('/api/x?a=1&b%00=2')).toEqual({ 'b\u0000': NUL_MESSAGE });
    expect(refused('/api/x?q=a+%00')).toEqual({ q: NUL_MESSAGE });
    // An escaped percent sign followed by "00" is text, not a NUL.
    expect(nulRefusal({ url: '/api/x?q=%2500', query: { q: '%00' } })).toBeUndefined();
    expect(nulRefusal({ url: '/api/x?q=100', query: { q: '100' } })).toBeUndefined();
  });

  it('lets clean requests through', () => {
    expect(
      nulRefusal({ body: { name: 'Ada' }, query: {}, params: {}, headers: { host: 'x' } }),
    ).toBeUndefined();
  });
});
