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
import { ChangeLog } from './support/change-log.js';

/** Generated inputs per request body or query (RESILIENCE_RUNS overrides, e.g. for a longer run). */
const RUNS = Number(process.env.RESILIENCE_RUNS ?? 1000);

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

/** The query parameters every admin list understands (react-admin's simple REST dialect). */
const LIST_QUERY = ['_start', '_end', '_sort', '_order', 'q', 'id', 'status', 'source', 'type'];

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
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, '', ' ', '\u0000') },
  { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 5_000 }) },
  { weight: 1, arbitrary: deeplyNested },
);

/** Values that fit the property (so a request can get past validation), and everything else. */
function propertyValue(schema: Schema, name: string, schemas: OpenApi['components']['schemas']) {
  if (schema.$ref) schema = schemas[schema.$ref.split('/').at(-1)!];
  let fitting: fc.Arbitrary<unknown>;
  if (schema.enum) fitting = fc.constantFrom(...schema.enum);
  else if (schema.type === 'boolean') fitting = fc.boolean();
  else if (schema.type === 'number' || schema.type === 'integer')
    fitting = fc.oneof(fc.integer({ min: -10, max: 10_000 }), fc.double());
  else if (schema.type === 'object' && schema.properties) fitting = bodyValue(schema, schemas);
  else if (/email/i.test(name)) fitting = fc.emailAddress();
  else if (schema.type === 'string')
    fitting = fc.oneof(fc.string({ maxLength: 40 }), unicode, fc.uuid());
  else fitting = fc.oneof(fc.string({ maxLength: 40 }), fc.constant(null));
  return fc.oneof({ weight: 3, arbitrary: fitting }, { weight: 2, arbitrary: anyValue });
}

/** A body shaped like the DTO: any subset of its fields, each right or wrong, plus strangers. */
function bodyValue(schema: Schema, schemas: OpenApi['components']['schemas']) {
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
  fc.constantFrom('-1', '1e99', 'NaN', '{"status":"active"}', '[]', 'ASC', 'DESC', 'id'),
  fc.array(fc.string({ maxLength: 10 }), { minLength: 2, maxLength: 3 }),
);

function queryObject(names: string[]) {
  return fc
    .tuple(
      fc.record(Object.fromEntries(names.map((name) => [name, queryValue])), { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 12 }), queryValue, { maxKeys: 2 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }) as Record<string, string | string[]>);
}

/** Runs a property over one operation; the first problem found, with the input that caused it. */
async function firstProblem<T>(
  arbitrary: fc.Arbitrary<T>,
  runs: number,
  attempt: (input: T) => Promise<string | undefined>,
): Promise<string | undefined> {
  let found: string | undefined;
  await fc
    .assert(
      fc.asyncProperty(arbitrary, async (input) => {
        const problem = await attempt(input);
        if (problem) {
          const shown = JSON.stringify(input) ?? String(input);
          found = `${problem.slice(0, 600)}\n    for input ${shown.slice(0, 300)}${shown.length > 300 ? '…' : ''}`;
          throw new Error(problem);
        }
      }),
      { numRuns: runs, endOnFailure: true },
    )
    .catch(() => undefined);
  return found;
}

/**
 * Generated bad input for every request body and query the API document describes: wrong
 * types, huge strings, unicode, nulls, extra fields and deep nesting. The API never answers
 * 5xx, answers every refusal with the error shape, and a refused request writes nothing.
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

  /** Sends one request; what is wrong with the answer, if anything. */
  async function check(
    operation: Operation,
    request: { url: string; payload?: string; query?: Record<string, string | string[]> },
  ): Promise<string | undefined> {
    const before = await changes.position();
    const response = await t.app.inject({
      method: operation.method,
      url: request.url,
      query: request.query,
      payload: request.payload,
      headers: {
        ...sessionFor(operation),
        ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
    });
    if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body}`;
    if (response.statusCode < 400) return undefined;
    const body = response.json() as { code?: unknown; message?: unknown };
    if (typeof body.code !== 'string' || typeof body.message !== 'string')
      return `answered ${response.statusCode} without the error shape: ${response.body}`;
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
      .oneof(unicode, fc.string({ maxLength: 300 }), fc.constantFrom('0', '-1', '%00'))
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
});
