import { randomUUID } from 'node:crypto';
import { bearer, signUpAdmin, signUpAndConfirm, uniqueEmail } from './support/accounts.js';
import { DocumentedAnswers, type ApiDocument } from './resilience/support/api-answers.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

interface Operation {
  security?: unknown[];
  requestBody?: unknown;
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<
      string,
      { properties: Record<string, unknown>; required?: string[]; additionalProperties?: boolean }
    >;
  };
}

const ERROR_BODY = '"#/components/schemas/ErrorBody"';

/**
 * The API document says what the API answers: each operation's success and error statuses, the
 * error shape, and the DTOs' validation rules; a method an address does not take answers 405.
 */
describe('the API document', () => {
  let t: TestApp;
  let document: Document;

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
    document = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  it('lists a success and the error statuses of every operation, each error with the error shape', () => {
    const missing: string[] = [];
    for (const { path, method, operation } of operations()) {
      const statuses = Object.keys(operation.responses);
      const expected = ['400', '503'];
      if (operation.security?.length) expected.push('401');
      if (operation.security?.length && path.startsWith('/api/admin/')) expected.push('403');
      if (path.includes('{')) expected.push('404');
      if (operation.requestBody) expected.push('413');
      const lacking = expected.filter((status) => !statuses.includes(status));
      if (!statuses.some((status) => status.startsWith('2'))) lacking.push('2xx');
      for (const status of statuses.filter((each) => Number(each) >= 400))
        if (!JSON.stringify(operation.responses[status].content ?? {}).includes(ERROR_BODY))
          lacking.push(`${status} shape`);
      if (lacking.length) missing.push(`${method.toUpperCase()} ${path}: ${lacking.join(', ')}`);
    }
    expect(missing).toEqual([]);
    expect(document.components.schemas.ErrorBody).toMatchObject({
      required: ['statusCode', 'code', 'message'],
    });
  });

  it('keeps success statuses that error declarations used to hide, and route-specific errors', () => {
    const update = document.paths['/api/admin/users/{id}'].put.responses;
    expect(Object.keys(update)).toEqual(expect.arrayContaining(['200', '403', '409']));
    expect(Object.keys(document.paths['/api/auth/login'].post.responses)).toEqual(
      expect.arrayContaining(['200', '403', '429']),
    );
    expect(Object.keys(document.paths['/api/me/subscription/pay'].post.responses)).toEqual(
      expect.arrayContaining(['200', '402', '409', '502']),
    );
  });

  it("carries the DTOs' validation rules", () => {
    const { schemas } = document.components;
    expect(schemas.SignupDto.properties.email).toMatchObject({ type: 'string', maxLength: 254 });
    expect(schemas.SignupDto.required).toEqual(
      expect.arrayContaining(['email', 'password', 'name']),
    );
    expect(schemas.CreateUserDto.properties.email).toMatchObject({ format: 'email' });
    // The validation pipe refuses unknown fields; an edit form is read whole by its route.
    expect(schemas.SignupDto).toMatchObject({ additionalProperties: false });
    expect(schemas.UpdateUserDto).not.toHaveProperty('additionalProperties');
    expect(schemas.UpdateProfileDto.properties.phone).toEqual({
      type: 'string',
      nullable: true,
      maxLength: 32,
    });
    expect(schemas.CreatePromotionDto.properties.expires_at).toMatchObject({
      format: 'date-time',
      nullable: true,
    });
    const months = document.paths['/api/admin/metrics/revenue'].get.parameters?.find(
      (parameter) => parameter.name === 'months',
    );
    expect(months?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 36 });
  });

  it('answers every GET as it documents, to a member, an administrator and anonymously', async () => {
    const answers = new DocumentedAnswers(document as unknown as ApiDocument);
    const member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('docs-get-member'));
    const admin = await signUpAdmin(t.app, t.dataSource, uniqueEmail('docs-get-admin'));
    const problems: string[] = [];
    for (const { path } of operations().filter((each) => each.method === 'get'))
      for (const session of [member, admin, undefined]) {
        const url = path.replace(/\{[^}]+\}/g, randomUUID());
        const answer = await t.app.inject({ url, headers: session ? bearer(session) : {} });
        const problem = answers.problem('GET', path, answer);
        if (problem) problems.push(`GET ${path}: ${problem}`);
      }
    expect(problems).toEqual([]);
  });

  it('answers a method an API address does not take with 405 and Allow', async () => {
    const member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('docs-member'));
    const wrong = await t.app.inject({ method: 'DELETE', url: '/api/site-config' });
    expect([wrong.statusCode, wrong.headers.allow, wrong.json()]).toEqual([
      405,
      'GET, HEAD',
      {
        statusCode: 405,
        code: 'method_not_allowed',
        message: 'This address does not take DELETE; it takes GET, HEAD.',
      },
    ]);
    const withId = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${randomUUID()}`,
      headers: bearer(member),
    });
    expect([withId.statusCode, withId.headers.allow]).toEqual([405, 'GET, HEAD, PUT']);
    // An unknown address, and a known route's own 404, stay 404.
    const unknown = await t.app.inject({ method: 'POST', url: '/api/nothing-here' });
    expect([unknown.statusCode, unknown.headers.allow]).toEqual([404, undefined]);
    const factor = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/mfa/factors/${randomUUID()}`,
      headers: bearer(member),
      payload: { code: '123456' },
    });
    expect(factor.statusCode).not.toBe(405);
  });
});
