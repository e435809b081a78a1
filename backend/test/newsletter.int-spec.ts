import { ErrorReportEntity } from '../src/logs/error-report.entity.js';
import { NewsletterSubscriptionEntity } from '../src/newsletter/newsletter-subscription.entity.js';
import { post } from './support/accounts.js';
import { resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

describe('the waitlist, the newsletter box and browser reports', () => {
  let t: TestApp;
  const subscribers = () => t.dataSource.getRepository(NewsletterSubscriptionEntity);

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_SUBSCRIBE: '1000', RATE_LIMIT_CLIENT_LOGS: '5' } });
    await resetDatabase(t.dataSource);
  });
  afterAll(() => t.close());

  it('adds an address to the waitlist with its names, once, whatever its case', async () => {
    const first = await post(t.app, '/api/waitlist', {
      email: 'Wait@Example.com',
      firstName: ' Ada ',
      lastName: 'Lovelace',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ email: 'wait@example.com', created: true });

    const again = await post(t.app, '/api/waitlist', { email: 'wait@example.COM' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ email: 'wait@example.com', created: false });

    const rows = await subscribers().findBy({ email: 'wait@example.com' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'waitlist',
      status: 'active',
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
  });

  it('needs an e-mail, and a valid one', async () => {
    const missing = await post(t.app, '/api/waitlist', { firstName: 'No Email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Email is required',
    });

    const blank = await post(t.app, '/api/waitlist', { email: '' });
    expect(blank.json()).toMatchObject({ code: 'validation_failed', message: 'Email is required' });

    const bad = await post(t.app, '/api/waitlist', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      statusCode: 400,
      code: 'invalid_email',
      message: 'Please enter a valid email address.',
    });
  });

  it('subscribes from the footer box, and subscribes again someone who had unsubscribed', async () => {
    expect((await post(t.app, '/api/newsletter', { email: 'news@example.com' })).statusCode).toBe(
      201,
    );
    expect(await subscribers().findOneByOrFail({ email: 'news@example.com' })).toMatchObject({
      source: 'newsletter',
      status: 'active',
    });

    await subscribers().update({ email: 'news@example.com' }, { status: 'unsubscribed' });
    expect((await post(t.app, '/api/newsletter', { email: 'news@example.com' })).statusCode).toBe(
      200,
    );
    expect((await subscribers().findOneByOrFail({ email: 'news@example.com' })).status).toBe(
      'active',
    );
  });

  it('keeps a bounced address bounced', async () => {
    await subscribers().insert({
      email: 'bounce@example.com',
      source: 'newsletter',
      status: 'bounced',
    });
    await post(t.app, '/api/newsletter', { email: 'bounce@example.com' });
    expect((await subscribers().findOneByOrFail({ email: 'bounce@example.com' })).status).toBe(
      'bounced',
    );
  });

  it('stores error reports from the error screen, and rate-limits browser reports', async () => {
    const report = {
      errorId: 'err_abc123',
      message: 'Cannot read properties of undefined',
      stack: 'TypeError: Cannot read…',
      componentStack: '\n    at Settings',
      timestamp: '2026-11-22T10:00:00.000Z',
      url: 'http://localhost:3000/dashboard/settings',
      userAgent: 'Mozilla/5.0',
      environment: 'production',
    };
    const ip = '10.9.9.9';
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/errors',
      payload: report,
      remoteAddress: ip,
    });
    expect(accepted.statusCode).toBe(202);
    expect(
      await t.dataSource
        .getRepository(ErrorReportEntity)
        .findOneByOrFail({ error_id: 'err_abc123' }),
    ).toMatchObject({
      message: report.message,
      component_stack: report.componentStack,
      url: report.url,
      environment: 'production',
    });

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/errors',
      payload: { message: 'no id' },
      remoteAddress: ip,
    });
    expect(invalid.statusCode).toBe(400);

    for (let i = 0; i < 4; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/logs',
        payload: { level: 'INFO', message: 'hi' },
        remoteAddress: ip,
      });
    }
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/logs',
      payload: { level: 'INFO', message: 'hi' },
      remoteAddress: ip,
    });
    expect(limited.statusCode).toBe(429);
  });
});
