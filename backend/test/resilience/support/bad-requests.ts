import fc from 'fast-check';
import { badNumber, badRange, nulFilter, NUL, outOfRangeText, withNul } from './bad-values.js';

/** Generated requests for the bad-input fuzz: bodies, queries and their values, from the API document. */

export interface Schema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
  nullable?: boolean;
}

export type Schemas = Record<string, Schema>;

/**
 * The query parameters tried on admin GETs: react-admin's simple REST dialect (`filter`, `range`,
 * `sort`, each JSON) that the lists read, and json-server's that they must shrug off.
 */
export const LIST_QUERY = [
  'filter',
  'range',
  'sort',
  '_start',
  '_end',
  '_sort',
  '_order',
  'q',
  'id',
  'status',
  'source',
  'type',
];

const hugeString = fc.constantFrom('x'.repeat(200_000), 'é'.repeat(60_000));
/** An object nested `depth` levels deep, built iteratively (a generator would overflow first). */
const deeplyNested = fc.integer({ min: 20, max: 3_000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? { nested: value } : [value];
  return value;
});
export const unicode = fc.string({ unit: 'grapheme', maxLength: 200 });
const anyValue = fc.oneof(
  { weight: 4, arbitrary: fc.anything({ maxDepth: 3 }) },
  { weight: 2, arbitrary: unicode },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, '', ' ', NUL) },
  { weight: 1, arbitrary: withNul(unicode) },
  { weight: 1, arbitrary: badNumber },
  { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 5_000 }) },
  { weight: 1, arbitrary: deeplyNested },
);

export const isNumeric = (schema: Schema) => schema.type === 'number' || schema.type === 'integer';
export const resolve = (schema: Schema, schemas: Schemas) =>
  schema.$ref ? schemas[schema.$ref.split('/').at(-1)!] : schema;

/** Values that fit the property (so a request can get past validation). */
function fittingValue(schema: Schema, name: string, schemas: Schemas): fc.Arbitrary<unknown> {
  schema = resolve(schema, schemas);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.type === 'boolean') return fc.boolean();
  if (isNumeric(schema)) return fc.integer({ min: 1, max: 10_000 });
  if (schema.type === 'object' && schema.properties) return fittingBody(schema, schemas);
  if (/email/i.test(name)) return fc.emailAddress();
  if (schema.type === 'string') return fc.oneof(fc.string({ maxLength: 40 }), unicode, fc.uuid());
  return fc.oneof(fc.string({ maxLength: 40 }), fc.constant(null));
}

/** Values that fit the property, the near misses of its type, and everything else. */
function propertyValue(schema: Schema, name: string, schemas: Schemas) {
  schema = resolve(schema, schemas);
  let nearMiss: fc.Arbitrary<unknown>;
  if (isNumeric(schema))
    nearMiss = fc.oneof(fc.double(), fc.integer({ min: -10, max: 0 }), badNumber);
  else if (schema.type === 'object' && schema.properties) nearMiss = bodyValue(schema, schemas);
  else nearMiss = withNul(fc.oneof(fc.string({ maxLength: 40 }), unicode));
  return fc.oneof(
    { weight: 3, arbitrary: fittingValue(schema, name, schemas) },
    { weight: 1, arbitrary: nearMiss },
    { weight: 2, arbitrary: anyValue },
  );
}

/** A body of the DTO's fields, each with a value that fits it. */
function fittingBody(schema: Schema, schemas: Schemas) {
  schema = resolve(schema, schemas);
  return fc.record(
    Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([name, property]) => [
        name,
        fittingValue(property, name, schemas),
      ]),
    ),
    { requiredKeys: [] },
  );
}

/** A body otherwise fitting the DTO, with a NUL in one of its fields or in a stranger's. */
export function bodyWithNul(schema: Schema | undefined, schemas: Schemas) {
  const names = Object.keys(resolve(schema ?? {}, schemas).properties ?? {});
  return fc
    .tuple(
      fittingBody(schema ?? {}, schemas),
      fc.oneof(
        ...(names.length ? [fc.constantFrom(...names)] : []),
        fc
          .string({ minLength: 1, maxLength: 12 })
          .filter((name) => !['__proto__', 'constructor'].includes(name)),
      ),
      withNul(fc.string({ maxLength: 40 })),
      fc.boolean(),
    )
    .map(([body, field, text, nested]) =>
      JSON.stringify({ ...body, [field]: nested ? { value: [text] } : text }),
    );
}

/** A body otherwise fitting the DTO, with a number no integer field takes in one numeric field. */
export function bodyWithBadNumber(schema: Schema, schemas: Schemas) {
  schema = resolve(schema, schemas);
  const numeric = Object.entries(schema.properties ?? {})
    .filter(([, property]) => isNumeric(resolve(property, schemas)))
    .map(([name]) => name);
  return fc
    .tuple(fittingBody(schema, schemas), fc.constantFrom(...numeric), badNumber)
    .map(([body, field, value]) => JSON.stringify({ ...body, [field]: value }));
}

/** A body shaped like the DTO: any subset of its fields, each right or wrong, plus strangers. */
function bodyValue(schema: Schema, schemas: Schemas) {
  schema = resolve(schema, schemas);
  const fields = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [
      name,
      propertyValue(property, name, schemas),
    ]),
  );
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.option(fc.dictionary(fc.string({ maxLength: 20 }), anyValue, { maxKeys: 3 })),
    )
    .map(([known, extra]) => ({ ...(extra ?? {}), ...known }));
}

/** A raw request body: a DTO-shaped JSON document most often, otherwise anything at all. */
export function rawBody(schema: Schema | undefined, schemas: Schemas) {
  const json = (value: unknown) => JSON.stringify(value) ?? 'null';
  return fc.oneof(
    { weight: schema ? 6 : 0, arbitrary: bodyValue(schema ?? {}, schemas).map(json) },
    { weight: 2, arbitrary: anyValue.map(json) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: hugeString.map((value) => json({ value })) },
  );
}

const queryValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  unicode,
  fc.integer().map(String),
  outOfRangeText,
  withNul(fc.string({ maxLength: 30 })),
  fc.constantFrom('-1', '1e99', 'NaN', '{"status":"active"}', '[]', 'ASC', 'DESC', 'id'),
  fc.array(fc.string({ maxLength: 10 }), { minLength: 2, maxLength: 3 }),
);

/** Values for one query parameter: the lists' JSON ones get lists' shapes, right and wrong. */
function parameterValue(name: string): fc.Arbitrary<string | string[]> {
  if (name === 'range')
    return fc.oneof(
      queryValue,
      badRange,
      fc
        .tuple(fc.nat({ max: 2 ** 31 - 1 }), fc.nat({ max: 600 }))
        .map(([start, size]) => JSON.stringify([start, start + size])),
    );
  if (name === 'filter')
    return fc.oneof(
      queryValue,
      nulFilter,
      fc.dictionary(fc.constantFrom('q', 'id', 'status', 'segment'), unicode).map(JSON.stringify),
    );
  if (name === 'sort')
    return fc.oneof(
      queryValue,
      fc
        .tuple(fc.constantFrom('created_at', 'email', 'id', '\u0000'), fc.constantFrom('ASC', 'x'))
        .map(JSON.stringify),
    );
  return queryValue;
}

export function queryObject(names: string[]) {
  return fc
    .tuple(
      fc.record(Object.fromEntries(names.map((name) => [name, parameterValue(name)])), {
        requiredKeys: [],
      }),
      fc.dictionary(fc.string({ maxLength: 12 }), queryValue, { maxKeys: 2 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }) as Record<string, string | string[]>);
}

/**
 * The query as its text, every parameter as generated: given an object, light-my-request copies it
 * with Object.assign, which drops a parameter named `__proto__` before the request is sent.
 */
export function queryString(query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    for (const each of Array.isArray(value) ? value : [value]) params.append(name, each);
  return params.toString();
}

/** A query with a NUL in one parameter's text, the others as `queryObject` makes them. */
export function queryWithNul(names: string[]) {
  return fc
    .tuple(
      queryObject(names),
      fc.oneof(fc.constantFrom(...names), fc.string({ minLength: 1, maxLength: 12 })),
      withNul(fc.string({ maxLength: 30 })),
    )
    .map(([query, name, text]) => ({ ...query, [name]: text }));
}
