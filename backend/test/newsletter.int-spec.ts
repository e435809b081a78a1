import { generateKeyPairSync, sign as signWith } from 'node:crypto';
import { ErrorReportEntity } from '../src/logs/error-report.entity.js';
import { NewsletterSubscriptionEntity } from '../src/newsletter/newsletter-subscription.entity.js';
import { EmailEntity } from '../src/mail/email.entity.js';
import { MailService } from '../src/mail/mail.service.js';
import { NewsletterLinks } from '../src/mail/newsletter-links.js';
import { bearer, post, signUpAndConfirm, tokenFromOutbox } from './support/accounts.js';
import { resetDatabase, startTestApp, type TestApp } from './support/test-app.js';

describe('the waitlist, the newsletter box and browser reports', () => {
  let t: TestApp;
  const subscribers = () => t.dataSource.getRepository(NewsletterSubscriptionEntity);
  const confirmations = (to: string) =>
    t.dataSource
      .getRepository(EmailEntity)
      .findBy({ to_email: to, template: 'newsletter-confirm' });

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        RATE_LIMIT_SUBSCRIBE: '1000',
        RATE_LIMIT_CONFIRM: '1000',
        RATE_LIMIT_CLIENT_LOGS: '5',
      },
    });
    await resetDatabase(t.dataSource);
  });
  afterAll(() => t.close());

  it('adds an address to the waitlist with its names, once, whatever its case, pending its confirmation', async () => {
    const first = await post(t.app, '/api/waitlist', {
      email: 'Wait@Example.com',
      firstName: ' Ada ',
      lastName: 'Lovelace',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ email: 'wait@example.com', created: true, status: 'pending' });

    const again = await post(t.app, '/api/waitlist', { email: 'wait@example.COM' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ email: 'wait@example.com', created: false, status: 'pending' });

    const rows = await subscribers().findBy({ email: 'wait@example.com' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'waitlist',
      status: 'pending',
      first_name: 'Ada',
      last_name: 'Lovelace',
      confirmed_at: null,
    });
    expect(rows[0].last_email_sent_at).toBeInstanceOf(Date);
    // Signing up twice within minutes sends one confirmation, not two.
    expect(await confirmations('wait@example.com')).toHaveLength(1);
    // The names are kept for later, but the confirmation, to an address nobody has confirmed,
    // does not carry them.
    expect((await confirmations('wait@example.com'))[0]).toMatchObject({
      subject: 'Confirm your subscription to LeadPulse',
      data: { link: expect.stringMatching(/^\/newsletter\/confirm#token=/) },
    });
    expect((await confirmations('wait@example.com'))[0].data).not.toHaveProperty('firstName');
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

  it('confirms through the e-mailed link (double opt-in), and the link can be followed twice', async () => {
    expect((await post(t.app, '/api/newsletter', { email: 'optin@example.com' })).statusCode).toBe(
      201,
    );
    const token = await tokenFromOutbox(t.dataSource, 'optin@example.com', 'newsletter-confirm');

    const confirmed = await post(t.app, '/api/newsletter/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'optin@example.com', status: 'active' });
    const row = await subscribers().findOneByOrFail({ email: 'optin@example.com' });
    expect(row).toMatchObject({ source: 'newsletter', status: 'active' });
    expect(row.confirmed_at).toBeInstanceOf(Date);

    const twice = await post(t.app, '/api/newsletter/confirm', { token });
    expect(twice.json()).toEqual({ email: 'optin@example.com', status: 'active' });
    expect(
      (await subscribers().findOneByOrFail({ email: 'optin@example.com' })).confirmed_at,
    ).toEqual(row.confirmed_at);

    // Already active: signing up again changes nothing and sends nothing.
    const again = await post(t.app, '/api/newsletter', { email: 'optin@example.com' });
    expect(again.json()).toMatchObject({ created: false, status: 'active' });
    expect(await confirmations('optin@example.com')).toHaveLength(1);
  });

  it('refuses tampered, foreign and expired confirmation links', async () => {
    await post(t.app, '/api/newsletter', { email: 'late@example.com' });
    const token = await tokenFromOutbox(t.dataSource, 'late@example.com', 'newsletter-confirm');
    const links = t.app.get(NewsletterLinks);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    for (const bad of [
      `${token.slice(0, -2)}xx`,
      links.token('unsubscribe', 'late@example.com'),
      links.token('confirm', 'late@example.com', eightDaysAgo),
      'not-a-token',
    ]) {
      const refused = await post(t.app, '/api/newsletter/confirm', { token: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'invalid_token',
        message: 'This link is invalid or has expired.',
      });
    }
    expect((await post(t.app, '/api/newsletter/confirm', {})).json()).toMatchObject({
      code: 'validation_failed',
    });
    expect((await subscribers().findOneByOrFail({ email: 'late@example.com' })).status).toBe(
      'pending',
    );
  });

  it('asks someone who had unsubscribed and signs up again to confirm again', async () => {
    await subscribers().insert({
      email: 'news@example.com',
      source: 'newsletter',
      status: 'unsubscribed',
    });
    const again = await post(t.app, '/api/newsletter', { email: 'news@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'pending' });
    expect(await confirmations('news@example.com')).toHaveLength(1);
  });

  it('keeps a bounced address bounced, and sends it nothing', async () => {
    await subscribers().insert({
      email: 'bounce@example.com',
      source: 'newsletter',
      status: 'bounced',
    });
    await post(t.app, '/api/newsletter', { email: 'bounce@example.com' });
    expect((await subscribers().findOneByOrFail({ email: 'bounce@example.com' })).status).toBe(
      'bounced',
    );
    expect(await confirmations('bounce@example.com')).toHaveLength(0);
  });

  it('unsubscribes through the link at the foot of any e-mail, without signing in', async () => {
    const session = await signUpAndConfirm(t.app, t.dataSource, 'member-news@example.com');
    await subscribers().insert({
      email: 'member-news@example.com',
      source: 'founding_member',
      status: 'active',
    });
    // The account's own confirmation e-mail carries the link, like every e-mail.
    const mail = t.app.get(MailService);
    const email = await t.dataSource
      .getRepository(EmailEntity)
      .findOneByOrFail({ to_email: 'member-news@example.com', template: 'confirm-email' });
    const rendered = mail.render('confirm-email', email.data, email.to_email);
    expect(rendered.html).toContain('>Unsubscribe</a>');
    const token = rendered.unsubscribeUrl!.split('#token=')[1];

    const done = await post(t.app, '/api/newsletter/unsubscribe', { token });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email: 'member-news@example.com', status: 'unsubscribed' });
    expect((await subscribers().findOneByOrFail({ email: 'member-news@example.com' })).status).toBe(
      'unsubscribed',
    );
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(session) });
    expect(me.json().notification_preferences).toEqual({
      emailUpdates: false,
      featureAnnouncements: false,
      billingAlerts: true,
      weeklyDigest: false,
      dailyDigest: false,
    });

    // A second click says the same; a forged token changes nothing.
    expect((await post(t.app, '/api/newsletter/unsubscribe', { token })).statusCode).toBe(200);
    const forged = await post(t.app, '/api/newsletter/unsubscribe', {
      token: t.app.get(NewsletterLinks).token('confirm', 'member-news@example.com'),
    });
    expect(forged.json()).toMatchObject({ code: 'invalid_token' });
  });

  it("takes a mail client's one-click unsubscribe (RFC 8058), and remembers an address never on the list", async () => {
    const url = new URL(t.app.get(MailService).oneClickUnsubscribeUrl('Stranger@Example.com'));
    const response = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(await subscribers().findOneByOrFail({ email: 'stranger@example.com' })).toMatchObject({
      status: 'unsubscribed',
    });
    // An import or a later confirmation link does not bring it back without a new sign-up.
    const staleConfirm = t.app.get(NewsletterLinks).token('confirm', 'stranger@example.com');
    expect((await post(t.app, '/api/newsletter/confirm', { token: staleConfirm })).statusCode).toBe(
      400,
    );
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/unsubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(noToken.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('refuses SendGrid events while no verification key is configured', async () => {
    const response = await post(t.app, '/api/webhooks/sendgrid', [
      { email: 'x@example.com', event: 'bounce' },
    ]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'webhook_not_configured' });
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

describe("SendGrid's signed event webhook", () => {
  let t: TestApp;
  const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const subscribers = () => t.dataSource.getRepository(NewsletterSubscriptionEntity);

  /** Posts events signed as SendGrid signs them: ECDSA P-256 over the timestamp and the body. */
  const deliver = (events: unknown, sign = keys.privateKey, signedAt = Date.now()) => {
    const body = JSON.stringify(events);
    const timestamp = String(Math.floor(signedAt / 1000));
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/sendgrid',
      headers: {
        'content-type': 'application/json',
        'x-twilio-email-event-webhook-timestamp': timestamp,
        'x-twilio-email-event-webhook-signature': signWith(
          'sha256',
          Buffer.from(timestamp + body),
          sign,
        ).toString('base64'),
      },
      payload: body,
    });
  };

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        SENDGRID_WEBHOOK_PUBLIC_KEY: keys.publicKey
          .export({ type: 'spki', format: 'der' })
          .toString('base64'),
      },
    });
    await resetDatabase(t.dataSource);
  });
  afterAll(() => t.close());

  it('marks a hard bounce bounced and notes it on the e-mail, but not a temporary block', async () => {
    await subscribers().insert([
      { email: 'gone@example.com', source: 'newsletter', status: 'active' },
      { email: 'busy@example.com', source: 'newsletter', status: 'active' },
    ]);
    const email = await t.dataSource.getRepository(EmailEntity).save({
      to_email: 'gone@example.com',
      template: 'welcome',
      subject: 'Welcome',
      status: 'sent',
    });
    const response = await deliver([
      {
        email: 'gone@example.com',
        event: 'bounce',
        type: 'bounce',
        reason: '550 5.1.1 The email account that you tried to reach does not exist',
        email_id: email.id,
        sg_event_id: 'evt-1',
        timestamp: 1_700_000_000,
      },
      { email: 'busy@example.com', event: 'bounce', type: 'blocked', reason: '421 try later' },
      { email: 'busy@example.com', event: 'delivered' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ applied: 1 });
    expect((await subscribers().findOneByOrFail({ email: 'gone@example.com' })).status).toBe(
      'bounced',
    );
    expect((await subscribers().findOneByOrFail({ email: 'busy@example.com' })).status).toBe(
      'active',
    );
    expect(
      (await t.dataSource.getRepository(EmailEntity).findOneByOrFail({ id: email.id })).last_error,
    ).toBe('Bounced: 550 5.1.1 The email account that you tried to reach does not exist');

    // SendGrid retries: the same batch again changes nothing more.
    expect((await deliver([{ email: 'gone@example.com', event: 'bounce' }])).json()).toEqual({
      applied: 0,
    });
  });

  it('unsubscribes on a spam report, and a later bounce keeps the unsubscription', async () => {
    await subscribers().insert({ email: 'angry@example.com', source: 'import', status: 'active' });
    await deliver([{ email: 'angry@example.com', event: 'spamreport' }]);
    await deliver([{ email: 'angry@example.com', event: 'dropped', reason: 'Bounced Address' }]);
    expect((await subscribers().findOneByOrFail({ email: 'angry@example.com' })).status).toBe(
      'unsubscribed',
    );
  });

  it('refuses a bad or missing signature and a body that is not a list of events, changing nothing', async () => {
    await subscribers().insert({ email: 'safe@example.com', source: 'manual', status: 'active' });
    const forger = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const forged = await deliver(
      [{ email: 'safe@example.com', event: 'bounce' }],
      forger.privateKey,
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'invalid_signature' });

    const unsigned = await post(t.app, '/api/webhooks/sendgrid', [
      { email: 'safe@example.com', event: 'bounce' },
    ]);
    expect(unsigned.json()).toMatchObject({ code: 'invalid_signature' });

    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/sendgrid',
      headers: {
        'content-type': 'application/json',
        'x-twilio-email-event-webhook-timestamp': '1',
        'x-twilio-email-event-webhook-signature': 'bm90IGEgc2lnbmF0dXJl',
      },
      payload: '[]',
    });
    expect(garbage.statusCode).toBe(400);

    const notEvents = await deliver({ email: 'safe@example.com', event: 'bounce' });
    expect(notEvents.statusCode).toBe(400);
    expect(notEvents.json()).toMatchObject({ code: 'validation_failed' });
    expect((await subscribers().findOneByOrFail({ email: 'safe@example.com' })).status).toBe(
      'active',
    );
  });

  it('refuses a correctly signed body sent more than 5 minutes ago or ahead, changing nothing', async () => {
    await subscribers().insert({
      email: 'late@example.com',
      source: 'newsletter',
      status: 'active',
    });
    const events = [{ email: 'late@example.com', event: 'spamreport', sg_event_id: 'evt-late' }];
    for (const signedAt of [
      Date.now() - 365 * 24 * 3600_000,
      Date.now() - 6 * 60_000,
      Date.now() + 6 * 60_000,
    ]) {
      const replayed = await deliver(events, keys.privateKey, signedAt);
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json()).toMatchObject({ code: 'stale_timestamp' });
    }
    expect((await subscribers().findOneByOrFail({ email: 'late@example.com' })).status).toBe(
      'active',
    );
    expect((await deliver(events, keys.privateKey, Date.now() - 4 * 60_000)).json()).toEqual({
      applied: 1,
    });
  });

  it('applies an event once: the same event delivered again is ignored', async () => {
    await subscribers().insert({
      email: 'twice@example.com',
      source: 'newsletter',
      status: 'active',
    });
    const events = [{ email: 'twice@example.com', event: 'spamreport', sg_event_id: 'evt-twice' }];
    expect((await deliver(events)).json()).toEqual({ applied: 1 });
    // The subscriber signs up again; SendGrid's redelivery of the old complaint must not undo it.
    await subscribers().update({ email: 'twice@example.com' }, { status: 'active' });
    const [first, second] = await Promise.all([deliver(events), deliver(events)]);
    expect([first.json(), second.json()]).toEqual([{ applied: 0 }, { applied: 0 }]);
    expect((await subscribers().findOneByOrFail({ email: 'twice@example.com' })).status).toBe(
      'active',
    );
    const another = [{ email: 'twice@example.com', event: 'spamreport', sg_event_id: 'evt-again' }];
    expect((await deliver(another)).json()).toEqual({ applied: 1 });
  });
});
