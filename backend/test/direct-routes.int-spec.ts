import { toMemberView } from '../src/users/users.service.js';
import { UserEntity } from '../src/users/user.entity.js';
import { bearer, signUpAndConfirm, type SessionBody } from './support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

/** Headers that depend on the moment or the body, not on the route's pipeline. */
const VARYING = new Set(['date', 'content-length', 'x-request-id', 'etag', 'connection']);
const steadyHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !VARYING.has(name)));

/**
 * GET /api/me and GET /api/health/database are answered by Fastify directly (web/direct-routes.ts):
 * they must answer exactly as through Nest's pipeline.
 */
describe('routes answered directly', () => {
  let t: TestApp;
  let session: SessionBody;

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
    session = await signUpAndConfirm(t.app, t.dataSource);
    await t.dataSource.getRepository(UserEntity).update(
      { email: session.user.email },
      {
        company: 'Analytical Engines',
        notification_preferences: { weeklyDigest: true } as never,
      },
    );
  });
  afterAll(() => t.close());

  it('answers the member record TypeORM reads, field for field', async () => {
    const response = await t.app.inject({ url: '/api/me', headers: bearer(session) });
    expect(response.statusCode).toBe(200);
    const entity = await t.dataSource
      .getRepository(UserEntity)
      .findOneByOrFail({ auth_user_id: session.user.id });
    // With no failed renewal, no payment issue.
    expect(response.json()).toEqual(
      JSON.parse(JSON.stringify({ ...toMemberView(entity), payment_issue: null })),
    );
    expect(response.json()).toMatchObject({
      company: 'Analytical Engines',
      notification_preferences: { weeklyDigest: true },
    });
  });

  it('sends the headers a route through Nest sends', async () => {
    const headers = {
      ...bearer(session),
      origin: 'http://localhost:3000',
      'x-request-id': 'abc-1',
    };
    const [direct, nest] = await Promise.all(
      ['/api/me', '/api/auth/user'].map((url) => t.app.inject({ url, headers })),
    );
    expect(direct.headers['x-request-id']).toBe('abc-1');
    expect(steadyHeaders(direct.headers)).toEqual(steadyHeaders(nest.headers));
    const [probe, other] = await Promise.all(
      ['/api/health/database', '/api/health/email'].map((url) => t.app.inject({ url })),
    );
    expect(steadyHeaders(probe.headers)).toEqual(steadyHeaders(other.headers));
  });

  it('answers HEAD and refuses other methods with 405', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/api/me', headers: bearer(session) });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const anonymousHead = await t.app.inject({ method: 'HEAD', url: '/api/me' });
    expect(anonymousHead.statusCode).toBe(401);
    // GET, PATCH and DELETE /api/me are routes of their own; PUT is none.
    const put = await t.app.inject({ method: 'PUT', url: '/api/me', headers: bearer(session) });
    expect([put.statusCode, put.headers.allow]).toEqual([405, 'DELETE, GET, HEAD, PATCH']);
  });

  it('refuses NUL characters before the handler, as on every route', async () => {
    const response = await t.app.inject({ url: '/api/me?x=%00', headers: bearer(session) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('says 404 profile_not_found for a signed-in account without a users row', async () => {
    await t.dataSource
      .getRepository(UserEntity)
      .update({ auth_user_id: session.user.id }, { auth_user_id: null });
    try {
      const response = await t.app.inject({ url: '/api/me', headers: bearer(session) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        code: 'profile_not_found',
        message: 'We could not find your profile. Please contact support.',
      });
      expect(response.headers['cache-control']).toBe('no-store');
    } finally {
      await t.dataSource
        .getRepository(UserEntity)
        .update({ email: session.user.email }, { auth_user_id: session.user.id });
    }
  });
});
