import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { AuthAccountEntity } from '../src/auth/auth-account.entity.js';
import { NewsletterSubscriptionEntity } from '../src/newsletter/newsletter-subscription.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import { mailboxLogger } from './support/mailbox.js';
import {
  bearer,
  PASSWORD,
  post,
  signUpAdmin,
  signUpAndConfirm,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import {
  NO_RATE_LIMITS,
  resetDatabase,
  startTestApp,
  TEST_WEBHOOK_SECRET,
  type TestApp,
} from './support/test-app.js';

const NUL_MESSAGE = 'Text must not contain NUL characters.';

/** The admin lists, each reading react-admin's `range`, `sort` and `filter`. */
const ADMIN_LISTS = [
  '/api/admin/users',
  '/api/admin/emails',
  '/api/admin/admin-actions',
  '/api/admin/error-reports',
  '/api/admin/promotions',
  '/api/admin/roles',
  '/api/admin/stripe-events',
  '/api/admin/newsletter',
];

/**
 * NUL characters (which PostgreSQL refuses in text) and numbers beyond what a column or OFFSET
 * holds are refused as `validation_failed` before they reach the database: never a 500, and
 * nothing in the log at error level.
 */
describe('NUL characters and out-of-range numbers', () => {
  let t: TestApp;
  let admin: SessionBody;
  let member: SessionBody;
  let memberId: string;
  const logged: { level: number; msg?: string }[] = [];
  const errorsLogged = () => logged.filter((line) => line.level >= 50);

  beforeAll(async () => {
    t = await startTestApp({
      env: NO_RATE_LIMITS,
      logger: mailboxLogger(process.env.TEST_LOG_LEVEL, (entry) => logged.push(entry)),
    });
    await resetDatabase(t.dataSource);
    admin = await signUpAdmin(t.app, t.dataSource, uniqueEmail('bounds-admin'));
    member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('bounds-member'));
    memberId = (
      await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email: member.user.email })
    ).id;
  }, 30_000);
  afterAll(() => t.close());
  beforeEach(() => {
    logged.length = 0;
  });
  afterEach(() => {
    expect(errorsLogged()).toEqual([]);
  });

  const expectRefused = (
    response: { statusCode: number; json: () => unknown },
    errors?: Record<string, string>,
  ) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      code: 'validation_failed',
      ...(errors ? { errors } : {}),
    });
  };
  const get = (url: string, session: SessionBody = admin) =>
    t.app.inject({ method: 'GET', url, headers: bearer(session) });

  it('refuses a sign-up whose name holds a NUL, and creates no account', async () => {
    const email = uniqueEmail('nul-signup');
    const response = await post(t.app, '/api/auth/signup', {
      email,
      password: PASSWORD,
      name: 'Ada\u0000Lovelace',
    });
    expectRefused(response, { name: NUL_MESSAGE });
    expect(await t.dataSource.getRepository(AuthAccountEntity).existsBy({ email })).toBe(false);
  });

  it('refuses NUL characters in e-mail addresses, waitlist names and profile fields', async () => {
    expectRefused(await post(t.app, '/api/waitlist', { email: 'wait\u0000@example.com' }), {
      email: NUL_MESSAGE,
    });
    expectRefused(
      await post(t.app, '/api/waitlist', { email: 'nul-wait@example.com', lastName: '\u0000' }),
    );
    expect(
      await t.dataSource
        .getRepository(NewsletterSubscriptionEntity)
        .existsBy({ email: 'nul-wait@example.com' }),
    ).toBe(false);
    expectRefused(
      await post(t.app, '/api/auth/login', { email: 'a\u0000@example.com', password: PASSWORD }),
    );
    expectRefused(
      await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(member),
        payload: { company: 'Acme\u0000' },
      }),
      { company: NUL_MESSAGE },
    );
  });

  it('refuses a NUL in a list search, typed in the query or escaped in its JSON', async () => {
    expectRefused(await get(`/api/admin/users?filter=${encodeURIComponent('{"q":"a\u0000"}')}`), {
      filter: NUL_MESSAGE,
    });
    expectRefused(await get(`/api/admin/users?filter=${encodeURIComponent('{"q":"a\\u0000"}')}`), {
      'filter.q': NUL_MESSAGE,
    });
    for (const list of ADMIN_LISTS)
      expectRefused(await get(`${list}?filter=${encodeURIComponent('{"q":"\\u0000"}')}`));
    expectRefused(await get('/api/admin/users?q=%00'), { q: NUL_MESSAGE });
  });

  it('refuses a bad filter on the CSV export before the download starts', async () => {
    const exported = (filter: string) =>
      get(`/api/admin/users/export.csv?filter=${encodeURIComponent(filter)}`);
    expectRefused(await exported('{"id":"not-a-uuid"}'));
    expectRefused(await exported('{"q":"\\u0000"}'), { 'filter.q': NUL_MESSAGE });
    expect((await exported('{"segment":"nobody"}')).statusCode).toBe(400);
    expect((await exported('{"q":"bounds"}')).statusCode).toBe(200);
  });

  it('refuses a NUL in a path id, whatever the route checks of its own', async () => {
    expectRefused(await get('/api/admin/users/%00'), { id: NUL_MESSAGE });
    expectRefused(await get(`/api/admin/users/${randomUUID()}%00`));
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/founding/session/cs_%00' }));
  });

  it('refuses a NUL in a header that is stored with the session', async () => {
    expectRefused(
      await post(
        t.app,
        '/api/auth/login',
        { email: member.user.email, password: PASSWORD },
        { 'user-agent': 'Browser\u0000' },
      ),
      { 'headers.user-agent': NUL_MESSAGE },
    );
  });

  it.each([
    '[1e20,1e20]',
    '[-1e20,0]',
    `[${2 ** 31},${2 ** 31}]`,
    `[${2 ** 53 + 1},${2 ** 53 + 1}]`,
    '["NaN","NaN"]',
    '["Infinity","Infinity"]',
  ])('refuses range=%s on every admin list', async (range) => {
    for (const list of ADMIN_LISTS) expectRefused(await get(`${list}?range=${range}`));
  });

  it('still pages far out when asked within bounds', async () => {
    const response = await get(`/api/admin/users?range=[${2 ** 31 - 2},${2 ** 31 - 1}]`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('refuses integers in bodies beyond what their columns hold', async () => {
    for (const max_uses of [1e20, 2 ** 31, 2 ** 53 + 1])
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/promotions',
          headers: bearer(admin),
          payload: { name: 'Huge', code: 'HUGE1', type: 'percentage', value: 10, max_uses },
        }),
        { max_uses: expect.any(String) as unknown as string },
      );
    for (const amount_cents of [1e20, -1e20, 2 ** 53 + 1, 'NaN', 'Infinity'])
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/users/${memberId}/refunds`,
          headers: bearer(admin),
          payload: { transaction_id: randomUUID(), amount_cents },
        }),
      );
  });

  it('refuses a text PostgreSQL counts longer than its column though class-validator does not', async () => {
    // Each variation selector is a character to PostgreSQL, none to class-validator's length.
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(member),
      payload: { company: 'a\uFE0F'.repeat(200) },
    });
    expectRefused(response);
  });

  it('answers a Stripe webhook carrying a NUL with a clean 400, signed or not', async () => {
    const payload = JSON.stringify({
      id: `evt_nul_${Date.now()}`,
      object: 'event',
      type: 'customer.updated',
      data: { object: { id: 'cus_nul', object: 'customer', name: 'Ada\u0000' } },
    });
    const signature = new Stripe('sk_test_verifier').webhooks.generateTestHeaderString({
      payload,
      secret: TEST_WEBHOOK_SECRET,
    });
    for (const headers of [{ 'stripe-signature': signature }, {}]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
      expectRefused(response);
    }
  });
});
