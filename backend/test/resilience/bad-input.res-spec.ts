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
import { DocumentedAnswers, type ApiDocument } from './support/api-answers.js';
import {
  bodyWithBadNumber,
  bodyWithNul,
  isNumeric,
  LIST_QUERY,
  queryObject,
  queryString,
  queryWithNul,
  rawBody,
  resolve,
  unicode,
  type Schema,
} from './support/bad-requests.js';
import { badRange, nulFilter, NUL, outOfRangeText, withNul } from './support/bad-values.js';
import { ChangeLog } from './support/change-log.js';
import { waitFor } from '../support/wait.js';
import { firstProblem, RUNS } from './support/first-problem.js';

/**
 * Who sends a request: the caller the route is for (an administrator under /api/admin, a member
 * elsewhere when it needs a session, nobody otherwise) most often, else a member, an
 * administrator or nobody whatever the route.
 */
type Persona = 'own' | 'member' | 'admin' | 'anonymous';
const persona = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Persona>('own') },
  { weight: 1, arbitrary: fc.constantFrom<Persona>('member', 'admin', 'anonymous') },
);

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
  let answers: DocumentedAnswers;

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
    answers = new DocumentedAnswers(document as unknown as ApiDocument);
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

  const sessionFor = (operation: Operation, caller: Persona = 'own') => {
    if (caller === 'anonymous') return {};
    if (caller === 'member') return bearer(member);
    if (caller === 'admin') return bearer(admin);
    if (!operation.secured) return {};
    return operation.path.startsWith('/api/admin') ? bearer(admin) : bearer(member);
  };
  /** Path ids: the member (so user routes reach their validation) or an id that is not there. */
  const pathFor = (operation: Operation, id?: string) =>
    operation.path.replace(/\{[^}]+\}/g, () =>
      encodeURIComponent(
        id ?? (operation.path.startsWith('/api/admin/users/') ? memberId : randomUUID()),
      ),
    );

  /**
   * Waits until the background jobs that earlier, accepted requests queued (a reset link, a
   * confirmation e-mail) have been worked, so that their writes are not taken for this request's.
   * Jobs due later (retries, schedules) are not waited for.
   */
  async function jobsSettled(): Promise<void> {
    const due = async () => {
      const [{ count }] = (await t.dataSource.query(
        `SELECT count(*)::int AS count FROM pgboss.job
          WHERE state IN ('created', 'retry', 'active') AND start_after <= now()
            AND name NOT LIKE '__pgboss%'`,
      )) as { count: number }[];
      return count === 0 ? true : undefined;
    };
    await waitFor(due, 20_000, 'the queued jobs worked');
  }

  /**
   * Sends one request; what is wrong with the answer, if anything: a 5xx, a status the document
   * does not list for the operation, a body that does not match the schema it documents for that
   * status, an error without the error shape, or a write on a refusal. With `invalid`, the input
   * is known to be wrong and must be refused as `400 validation_failed`.
   */
  async function check(
    operation: Operation,
    request: {
      url: string;
      payload?: string;
      query?: Record<string, string | string[]>;
      caller?: Persona;
    },
    invalid = false,
  ): Promise<string | undefined> {
    await jobsSettled();
    const before = await changes.position();
    const response = await t.app.inject({
      method: operation.method,
      url: request.url,
      query: request.query && queryString(request.query),
      payload: request.payload,
      headers: {
        ...sessionFor(operation, request.caller),
        ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
    });
    const as = request.caller && request.caller !== 'own' ? ` (as ${request.caller})` : '';
    if (response.statusCode >= 500) return `answered ${response.statusCode}${as}: ${response.body}`;
    const undocumented = answers.problem(operation.method, operation.path, response);
    if (undocumented) return `${undocumented}${as}`;
    if (response.statusCode < 400)
      return invalid ? `accepted invalid input with ${response.statusCode}` : undefined;
    const body = response.json() as { code?: unknown; message?: unknown };
    if (typeof body.code !== 'string' || typeof body.message !== 'string')
      return `answered ${response.statusCode} without the error shape: ${response.body}`;
    if (invalid && (response.statusCode !== 400 || body.code !== 'validation_failed'))
      return `answered ${response.statusCode} ${body.code} instead of 400 validation_failed`;
    // Bookkeeping, not data: rate limits count refused requests too, the e-mail worker records
    // deliveries of earlier, valid requests in the background, and a back-office write refused
    // for a missing permission is audited (an administrator without roles, as the member
    // becomes when a generated edit makes them one).
    const written = (await changes.since(before)).filter(
      (change) =>
        change.table_name !== 'rate_limit_counters' &&
        !(change.table_name === 'emails' && change.operation === 'UPDATE') &&
        !(
          response.statusCode === 403 &&
          change.table_name === 'admin_actions' &&
          change.operation === 'INSERT'
        ),
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
        fc.tuple(persona, rawBody(operation.body, document.components.schemas)),
        RUNS,
        ([caller, payload]) => check(operation, { url: pathFor(operation), payload, caller }),
      );
      if (problem) failures.push(`${operation.method} ${operation.path}: ${problem}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses every generated query cleanly and writes nothing for it', async () => {
    const failures: string[] = [];
    for (const operation of withQuery()) {
      const names = operation.query.length > 0 ? operation.query : LIST_QUERY;
      const problem = await firstProblem(
        fc.tuple(persona, queryObject(names)),
        RUNS,
        ([caller, query]) => check(operation, { url: pathFor(operation), query, caller }),
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
      const problem = await firstProblem(
        fc.tuple(persona, ids),
        Math.ceil(RUNS / 4),
        ([caller, id]) => check(operation, { url: pathFor(operation, id), payload, caller }),
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

  it('answers 405 method_not_allowed, with Allow, to a method an API address does not take', async () => {
    const templates = Object.entries(document.paths).map(([path, methods]) => ({
      pattern: new RegExp(`^${path.replace(/\./g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      methods: Object.keys(methods).map((method) => method.toUpperCase()),
    }));
    const failures: string[] = [];
    let tried = 0;
    for (const path of Object.keys(document.paths)) {
      const url = path.replace(/\{[^}]+\}/g, randomUUID());
      const taken = new Set(
        templates.filter(({ pattern }) => pattern.test(url)).flatMap(({ methods }) => methods),
      );
      if (taken.has('GET')) taken.add('HEAD');
      const allow = [...taken].sort().join(', ');
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        if (taken.has(method)) continue;
        tried += 1;
        const response = await t.app.inject({ method, url, headers: bearer(admin) });
        const body = response.json() as { code?: unknown; message?: unknown };
        if (
          response.statusCode !== 405 ||
          response.headers.allow !== allow ||
          body.code !== 'method_not_allowed' ||
          typeof body.message !== 'string'
        )
          failures.push(
            `${method} ${path}: ${response.statusCode}, Allow ${String(response.headers.allow)}, ${response.body.slice(0, 200)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(200);
    // An address the API does not have stays unknown, whatever the method.
    for (const method of ['GET', 'DELETE'] as const) {
      const unknown = await t.app.inject({ method, url: `/api/no-such-address/${randomUUID()}` });
      expect([unknown.statusCode, unknown.headers.allow, unknown.json()]).toEqual([
        404,
        undefined,
        expect.objectContaining({ code: 'not_found' }),
      ]);
    }
  });
});
