import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { UserEntity } from '../../src/users/user.entity.js';
import {
  bearer,
  signUpAdmin,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
} from '../support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from '../support/test-app.js';
import {
  badNumber,
  badRange,
  nulFilter,
  NUL,
  outOfRangeText,
  withNul,
} from './support/bad-values.js';
import { ChangeLog } from './support/change-log.js';

/** Generated inputs per request body or query (RESILIENCE_RUNS overrides, e.g. for a longer run). */
const RUNS = Number(process.env.RESILIENCE_RUNS ?? 1000);
/**
 * Seconds one operation's inputs may take: inputs that get past validation reach password
 * hashing and Stripe, and the suite has to fit in CI (RESILIENCE_SECONDS overrides, e.g. for a
 * longer run).
 */
const SECONDS_PER_OPERATION = Number(process.env.RESILIENCE_SECONDS ?? 3);

interface Schema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
  nullable?: boolean;
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  secured: boolean;
  body?: Schema;
  query: string[];
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        parameters?: { name: string; in: string }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
}

/**
 * The query parameters tried on admin GETs: react-admin's simple REST dialect (`filter`, `range`,
 * `sort`, each JSON) that the lists read, and json-server's that they must shrug off.
 */
const LIST_QUERY = [
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
const unicode = fc.string({ unit: 'grapheme', maxLength: 200 });
const anyValue = fc.oneof(
  { weight: 4, arbitrary: fc.anything({ maxDepth: 3 }) },
  { weight: 2, arbitrary: unicode },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, '', ' ', NUL) },
  { weight: 1, arbitrary: withNul(unicode) },
  { weight: 1, arbitrary: badNumber },
  { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 5_000 }) },
  { weight: 1, arbitrary: deeplyNested },
);

const isNumeric = (schema: Schema) => schema.type === 'number' || schema.type === 'integer';
const resolve = (schema: Schema, schemas: OpenApi['components']['schemas']) =>
  schema.$ref ? schemas[schema.$ref.split('/').at(-1)!] : schema;

/** Values that fit the property (so a request can get past validation). */
function fittingValue(
  schema: Schema,
  name: string,
  schemas: OpenApi['components']['schemas'],
): fc.Arbitrary<unknown> {
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
function propertyValue(schema: Schema, name: string, schemas: OpenApi['components']['schemas']) {
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
function fittingBody(schema: Schema, schemas: OpenApi['components']['schemas']) {
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
function bodyWithNul(schema: Schema | undefined, schemas: OpenApi['components']['schemas']) {
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
function bodyWithBadNumber(schema: Schema, schemas: OpenApi['components']['schemas']) {
  schema = resolve(schema, schemas);
  const numeric = Object.entries(schema.properties ?? {})
    .filter(([, property]) => isNumeric(resolve(property, schemas)))
    .map(([name]) => name);
  return fc
    .tuple(fittingBody(schema, schemas), fc.constantFrom(...numeric), badNumber)
    .map(([body, field, value]) => JSON.stringify({ ...body, [field]: value }));
}

/** A body shaped like the DTO: any subset of its fields, each right or wrong, plus strangers. */
function bodyValue(schema: Schema, schemas: OpenApi['components']['schemas']) {
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
function rawBody(schema: Schema | undefined, schemas: OpenApi['components']['schemas']) {
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

function queryObject(names: string[]) {
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
function queryString(query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    for (const each of Array.isArray(value) ? value : [value]) params.append(name, each);
  return params.toString();
}

/** A query with a NUL in one parameter's text, the others as `queryObject` makes them. */
function queryWithNul(names: string[]) {
  return fc
    .tuple(
      queryObject(names),
      fc.oneof(fc.constantFrom(...names), fc.string({ minLength: 1, maxLength: 12 })),
      withNul(fc.string({ maxLength: 30 })),
    )
    .map(([query, name, text]) => ({ ...query, [name]: text }));
}

/**
 * Runs a property over one operation, for `runs` inputs or SECONDS_PER_OPERATION, whichever ends
 * first; the first problem found, with the input that caused it.
 */
async function firstProblem<T>(
  arbitrary: fc.Arbitrary<T>,
  runs: number,
  attempt: (input: T) => Promise<string | undefined>,
): Promise<string | undefined> {
  let found: string | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = async (input: T) => {
    const problem = await attempt(input);
    if (problem) {
      const shown = JSON.stringify(input) ?? String(input);
      found ??= `${problem.slice(0, 600)}\n    for input ${shown.slice(0, 300)}${shown.length > 300 ? '…' : ''}`;
      throw new Error(problem);
    }
  };
  await fc
    .assert(
      fc.asyncProperty(arbitrary, (input) => (running = run(input))),
      {
        numRuns: runs,
        endOnFailure: true,
        interruptAfterTimeLimit: SECONDS_PER_OPERATION * 1000,
        markInterruptAsFailure: false,
      },
    )
    .catch(() => undefined);
  // The time limit abandons the request in flight: it finishes here, before the next operation
  // starts, so its writes are not taken for the next one's.
  await running.catch(() => undefined);
  return found;
}

/**
 * Generated bad input for every request body, query and path the API document describes: wrong
 * types, huge strings, unicode, nulls, NUL characters, numbers out of any column's range, extra
 * fields and deep nesting. The API never answers 5xx, answers every refusal with the error
 * shape, and a refused request writes nothing; input that is wrong whatever the route (a NUL,
 * an out-of-range number) is refused as `400 validation_failed`.
 */
describe('bad input', () => {
  let t: TestApp;
  let document: OpenApi;
  let operations: Operation[];
  let admin: SessionBody;
  let member: SessionBody;
  let memberId: string;
  let changes: ChangeLog;

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
    admin = await signUpAdmin(t.app, t.dataSource, uniqueEmail('fuzz-admin'));
    member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('fuzz-member'));
    memberId = (
      await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email: member.user.email })
    ).id;
    document = (
      await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })
    ).json() as OpenApi;
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase() as Operation['method'],
        path,
        secured: (operation.security ?? []).length > 0,
        body: Object.values(operation.requestBody?.content ?? {})[0]?.schema,
        query: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => parameter.name),
      })),
    );
    changes = await ChangeLog.install(t.dataSource);
  }, 60_000);
  afterAll(async () => {
    await changes?.uninstall();
    await t?.close();
  });

  const sessionFor = (operation: Operation) =>
    !operation.secured
      ? {}
      : operation.path.startsWith('/api/admin')
        ? bearer(admin)
        : bearer(member);
  /** Path ids: the member (so user routes reach their validation) or an id that is not there. */
  const pathFor = (operation: Operation, id?: string) =>
    operation.path.replace(/\{[^}]+\}/g, () =>
      encodeURIComponent(
        id ?? (operation.path.startsWith('/api/admin/users/') ? memberId : randomUUID()),
      ),
    );

  /**
   * Sends one request; what is wrong with the answer, if anything. With `invalid`, the input is
   * known to be wrong and must be refused as `400 validation_failed`.
   */
  async function check(
    operation: Operation,
    request: { url: string; payload?: string; query?: Record<string, string | string[]> },
    invalid = false,
  ): Promise<string | undefined> {
    const before = await changes.position();
    const response = await t.app.inject({
      method: operation.method,
      url: request.url,
      query: request.query && queryString(request.query),
      payload: request.payload,
      headers: {
        ...sessionFor(operation),
        ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
    });
    if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body}`;
    if (response.statusCode < 400)
      return invalid ? `accepted invalid input with ${response.statusCode}` : undefined;
    const body = response.json() as { code?: unknown; message?: unknown };
    if (typeof body.code !== 'string' || typeof body.message !== 'string')
      return `answered ${response.statusCode} without the error shape: ${response.body}`;
    if (invalid && (response.statusCode !== 400 || body.code !== 'validation_failed'))
      return `answered ${response.statusCode} ${body.code} instead of 400 validation_failed`;
    // Bookkeeping, not data: rate limits count refused requests too, and the e-mail worker
    // records deliveries of earlier, valid requests in the background.
    const written = (await changes.since(before)).filter(
      (change) =>
        change.table_name !== 'rate_limit_counters' &&
        !(change.table_name === 'emails' && change.operation === 'UPDATE'),
    );
    if (written.length > 0)
      return `answered ${response.statusCode} but wrote ${written
        .map((change) => `${change.operation} ${change.table_name}`)
        .join(', ')}`;
    return undefined;
  }

  const withBody = () =>
    operations.filter((operation) => ['POST', 'PUT', 'PATCH'].includes(operation.method));
  const withQuery = () =>
    operations.filter(
      (operation) =>
        operation.query.length > 0 ||
        (operation.method === 'GET' &&
          operation.path.startsWith('/api/admin/') &&
          !operation.path.includes('{')),
    );

  it('finds the bodies and queries to try', () => {
    expect(withBody().filter((operation) => operation.body).length).toBeGreaterThan(25);
    expect(withQuery().length).toBeGreaterThan(10);
  });

  it('refuses every generated request body cleanly and writes nothing for it', async () => {
    const failures: string[] = [];
    for (const operation of withBody()) {
      const problem = await firstProblem(
        rawBody(operation.body, document.components.schemas),
        RUNS,
        (payload) => check(operation, { url: pathFor(operation), payload }),
      );
      if (problem) failures.push(`${operation.method} ${operation.path}: ${problem}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses every generated query cleanly and writes nothing for it', async () => {
    const failures: string[] = [];
    for (const operation of withQuery()) {
      const names = operation.query.length > 0 ? operation.query : LIST_QUERY;
      const problem = await firstProblem(queryObject(names), RUNS, (query) =>
        check(operation, { url: pathFor(operation), query }),
      );
      if (problem) failures.push(`${operation.method} ${operation.path}: ${problem}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses every generated path id cleanly', async () => {
    const failures: string[] = [];
    const ids = fc
      .oneof(
        unicode,
        fc.string({ maxLength: 300 }),
        fc.constantFrom('0', '-1', '%00', NUL),
        withNul(fc.uuid()),
        outOfRangeText,
      )
      .filter((id) => id.length > 0);
    for (const operation of operations.filter((candidate) => candidate.path.includes('{'))) {
      const payload = ['GET', 'DELETE'].includes(operation.method) ? undefined : '{}';
      const problem = await firstProblem(ids, Math.ceil(RUNS / 10), (id) =>
        check(operation, { url: pathFor(operation, id), payload }),
      );
      if (problem) failures.push(`${operation.method} ${operation.path}: ${problem}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  /** Each operation with `runs` inputs that must all be refused as `400 validation_failed`. */
  async function refusedAsInvalid<T>(
    targets: Operation[],
    arbitrary: (operation: Operation) => fc.Arbitrary<T>,
    request: (operation: Operation, input: T) => Parameters<typeof check>[1],
  ): Promise<string[]> {
    const failures: string[] = [];
    for (const operation of targets) {
      const problem = await firstProblem(arbitrary(operation), Math.ceil(RUNS / 10), (input) =>
        check(operation, request(operation, input), true),
      );
      if (problem) failures.push(`${operation.method} ${operation.path}: ${problem}`);
    }
    return failures;
  }

  /** The admin GETs that answer a page of a list (they read `range`, `sort` and `filter`). */
  async function lists(): Promise<Operation[]> {
    const found: Operation[] = [];
    for (const operation of withQuery().filter((candidate) => candidate.method === 'GET')) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${pathFor(operation)}?range=[0,0]`,
        headers: sessionFor(operation),
      });
      if (response.headers['content-range']) found.push(operation);
    }
    return found;
  }

  it('refuses every body with a NUL in any field as validation_failed, before any handler', async () => {
    const failures = await refusedAsInvalid(
      withBody(),
      (operation) => bodyWithNul(operation.body, document.components.schemas),
      (operation, payload) => ({ url: pathFor(operation), payload }),
    );
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses every query with a NUL in any parameter as validation_failed', async () => {
    const failures = await refusedAsInvalid(
      withQuery(),
      (operation) => queryWithNul(operation.query.length > 0 ? operation.query : LIST_QUERY),
      (operation, query) => ({ url: pathFor(operation), query }),
    );
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses every path id with a NUL as validation_failed', async () => {
    const failures = await refusedAsInvalid(
      operations.filter((operation) => operation.path.includes('{')),
      () => withNul(fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }))),
      (operation, id) => ({
        url: pathFor(operation, id),
        payload: ['GET', 'DELETE'].includes(operation.method) ? undefined : '{}',
      }),
    );
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses out-of-range rows and escaped NULs in every list as validation_failed', async () => {
    const found = await lists();
    expect(found.length).toBeGreaterThan(5);
    const failures = await refusedAsInvalid(
      found,
      () =>
        fc.oneof(
          fc.record({ range: badRange }),
          fc.record({ filter: nulFilter }),
          fc.record({ range: badRange, filter: nulFilter }),
        ),
      (operation, query) => ({ url: pathFor(operation), query }),
    );
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses out-of-range numbers in every integer field as validation_failed', async () => {
    // The admin routes tried above end the first member's sessions (suspension, sign-out
    // everywhere): member routes reach their validation with a member still signed in.
    member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('fuzz-numbers'));
    const schemas = document.components.schemas;
    const numeric = withBody().filter((operation) =>
      Object.values(resolve(operation.body ?? {}, schemas).properties ?? {}).some((property) =>
        isNumeric(resolve(property, schemas)),
      ),
    );
    expect(numeric.length).toBeGreaterThan(2);
    const failures = await refusedAsInvalid(
      numeric,
      (operation) => bodyWithBadNumber(operation.body!, document.components.schemas),
      (operation, payload) => ({ url: pathFor(operation), payload }),
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
