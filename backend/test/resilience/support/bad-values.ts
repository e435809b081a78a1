import fc from 'fast-check';

/** U+0000: JavaScript and JSON carry it, PostgreSQL refuses it in text. */
export const NUL = '\u0000';

/** `text` with a NUL put in at some position (the start, the middle or the end). */
export function withNul(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(text, fc.nat()).map(([value, at]) => {
    const position = value.length === 0 ? 0 : at % (value.length + 1);
    return `${value.slice(0, position)}${NUL}${value.slice(position)}`;
  });
}

/**
 * Numbers past what an int4 column, a JavaScript safe integer or OFFSET can hold, and their
 * negatives: each one must be refused, not passed on to a query.
 */
export const OUT_OF_RANGE_NUMBERS = [1e20, -1e20, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e308];

/** The same, and the values JSON cannot carry as numbers, written as strings. */
export const OUT_OF_RANGE_TEXTS = [
  ...OUT_OF_RANGE_NUMBERS.map(String),
  'NaN',
  'Infinity',
  '-Infinity',
];

export const outOfRangeNumber = fc.constantFrom(...OUT_OF_RANGE_NUMBERS);
export const outOfRangeText = fc.constantFrom(...OUT_OF_RANGE_TEXTS);

/** A number in a JSON document that no integer field takes: out of range, or a string for one. */
export const badNumber = fc.oneof(outOfRangeNumber, outOfRangeText);

/** react-admin's `range` with at least one bound out of range (as JSON, as the admin sends it). */
export const badRange = fc
  .tuple(fc.oneof(badNumber, fc.nat({ max: 100 })), badNumber, fc.boolean())
  .map(([one, other, swap]) => JSON.stringify(swap ? [other, one] : [one, other]));

/** react-admin's `filter` with a NUL in a search or field value (escaped as `\u0000` in JSON). */
export const nulFilter = fc
  .tuple(
    fc.constantFrom('q', 'email', 'status', 'template', 'code', 'event_type', 'environment'),
    withNul(fc.string({ maxLength: 20 })),
  )
  .map(([field, value]) => JSON.stringify({ [field]: value }));
