import { NewsletterSubscriptionEntity } from '../src/newsletter/newsletter-subscription.entity.js';
import { bearer, signUpAndConfirm, uniqueEmail, type SessionBody } from './support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

const NOT_OBJECT = {
  statusCode: 400,
  code: 'validation_failed',
  message: 'The request body must be a JSON object.',
};

/** `null` where an object or a text is expected is refused, never read as "nothing sent". */
describe('null in request bodies', () => {
  let t: TestApp;
  let member: SessionBody;
  const send = (method: 'PATCH' | 'POST', url: string, payload: string, session?: SessionBody) =>
    t.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', ...(session ? bearer(session) : {}) },
      payload,
    });

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
    member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('null'));
  });
  afterAll(() => t.close());

  it.each(['null', '[]', '"text"', '42', 'true'])(
    'refuses %s as the body of a route that takes an object',
    async (body) => {
      for (const [method, url, session] of [
        ['PATCH', '/api/me', member],
        ['POST', '/api/waitlist', undefined],
        ['POST', '/api/auth/login', undefined],
      ] as const) {
        const answer = await send(method, url, body, session);
        expect([url, answer.statusCode, answer.json()]).toEqual([url, 400, NOT_OBJECT]);
      }
    },
  );

  it('still takes an empty object where every field may be left out', async () => {
    const answer = await send('PATCH', '/api/me', '{}', member);
    expect(answer.statusCode).toBe(200);
  });

  it.each(['firstName', 'lastName'])('refuses a null %s on the waitlist', async (field) => {
    const email = uniqueEmail('waitlist-null');
    const answer = await send('POST', '/api/waitlist', JSON.stringify({ email, [field]: null }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'validation_failed',
      errors: { [field]: expect.any(String) },
    });
    expect(await t.dataSource.getRepository(NewsletterSubscriptionEntity).countBy({ email })).toBe(
      0,
    );
  });

  it('refuses a null name on the member’s own profile', async () => {
    for (const field of ['first_name', 'last_name']) {
      const answer = await send('PATCH', '/api/me', JSON.stringify({ [field]: null }), member);
      expect([field, answer.statusCode]).toEqual([field, 400]);
    }
  });
});
