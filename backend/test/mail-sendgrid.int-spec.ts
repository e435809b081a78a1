import { MailDeliveryService } from '../src/mail/mail-delivery.service.js';
import { MAIL_DELIVERY_QUEUE, MailService } from '../src/mail/mail.service.js';
import { EmailEntity } from '../src/mail/email.entity.js';
import { NewsletterLinks } from '../src/mail/newsletter-links.js';
import { FakeSendGrid } from './support/fake-sendgrid.js';
import { resetDatabase, startTestApp, type TestApp } from './support/test-app.js';
import { jobsDrained, waitFor } from './support/wait.js';

describe('delivery through SendGrid', () => {
  const sendgrid = new FakeSendGrid();
  let t: TestApp;
  let mail: MailService;
  const emails = () => t.dataSource.getRepository(EmailEntity);
  const enqueue = (to: string, firstName = 'Ada') =>
    t.dataSource.transaction((manager) =>
      mail.enqueue(manager, {
        to,
        template: 'password-setup',
        data: { firstName, link: '/setup-password#token=abc' },
      }),
    );
  const finalState = (id: string) =>
    waitFor(
      async () => {
        const row = await emails().findOneByOrFail({ id });
        return row.status === 'queued' ? undefined : row;
      },
      30_000,
      `e-mail ${id} to be sent or failed`,
    );

  beforeAll(async () => {
    await sendgrid.listen();
    t = await startTestApp({
      env: {
        SENDGRID_API_KEY: 'SG.test-key-0123456789',
        SENDGRID_API_URL: sendgrid.url,
        MAIL_FROM: 'LeadPulse <hello@leadpulse.example>',
        SUPPORT_EMAIL: 'support@leadpulse.example',
        MAIL_RETRY_DELAY_SECONDS: '1',
        JOBS_POLL_INTERVAL_SECONDS: '0.5',
      },
    });
    await resetDatabase(t.dataSource);
    mail = t.app.get(MailService);
  });
  afterAll(async () => {
    await t.close();
    await sendgrid.close();
  });
  beforeEach(() => {
    sendgrid.script = [];
  });

  it('sends the exact request SendGrid expects and records the message id', async () => {
    const queued = await enqueue('buyer@example.com');
    const sent = await finalState(queued.id);
    expect(sent).toMatchObject({
      status: 'sent',
      attempts: 1,
      provider_message_id: expect.stringMatching(/^msg-/),
    });
    // Sent with its live link, and kept with the token masked from then on.
    expect(sent.data).toEqual({ link: '/setup-password#token=…' });

    const [request] = sendgrid.for(queued.id);
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v3/mail/send');
    expect(request.headers.authorization).toBe('Bearer SG.test-key-0123456789');
    const rendered = mail.render('password-setup', queued.data, 'buyer@example.com');
    const oneClick = mail.oneClickUnsubscribeUrl('buyer@example.com');
    // Unsubscribe tokens carry the second they were signed, so the ones in the request (in the
    // text, the headers and the HTML, where `=` is escaped) are checked for validity and then
    // compared by the address they stand for.
    const links = t.app.get(NewsletterLinks);
    const byAddress = (value: unknown): unknown =>
      JSON.parse(
        JSON.stringify(value).replace(
          /(unsubscribe[#?]token(?:=|&#x3D;))([\w.-]+)/g,
          (_match, prefix: string, token: string) =>
            `${prefix}<${links.verify('unsubscribe', token) ?? 'invalid'}>`,
        ),
      );
    expect(JSON.stringify(request.body)).toContain('unsubscribe#token=');
    expect(byAddress(request.body)).toEqual(
      byAddress({
        personalizations: [{ to: [{ email: 'buyer@example.com' }] }],
        from: { email: 'hello@leadpulse.example', name: 'LeadPulse' },
        reply_to: { email: 'support@leadpulse.example' },
        subject: 'Set up your LeadPulse password',
        content: [
          { type: 'text/plain', value: rendered.text },
          { type: 'text/html', value: rendered.html },
        ],
        custom_args: { email_id: queued.id },
        categories: ['password-setup'],
        headers: {
          'List-Unsubscribe': `<${oneClick}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      }),
    );
    expect(rendered.text).toContain('http://localhost:3000/setup-password#token=abc');
    expect(rendered.text).toContain(`Unsubscribe: ${rendered.unsubscribeUrl}`);
    expect(oneClick).toMatch(/^http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\?token=/);
  });

  it('retries a 500 and a 429 with backoff, then records the e-mail as sent', async () => {
    sendgrid.script = [500, 429];
    const queued = await enqueue('retry@example.com');
    const sent = await finalState(queued.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(sendgrid.for(queued.id)).toHaveLength(3);
    // Each retry still carries the live link.
    expect(JSON.stringify(sendgrid.for(queued.id)[2].body)).toContain('/setup-password#token=abc');
  }, 40_000);

  it('fails at once on another 4xx and keeps the provider’s error', async () => {
    sendgrid.script = [400];
    const queued = await enqueue('refused@example.com');
    const failed = await finalState(queued.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.data.link).toBe('/setup-password#token=…');
    expect(failed.last_error).toBe(
      'SendGrid 400: The from address does not match a verified Sender Identity.',
    );
    // No retry is left to come.
    await jobsDrained(t.dataSource, { queue: MAIL_DELIVERY_QUEUE });
    expect(sendgrid.for(queued.id)).toHaveLength(1);
  });

  it('sends once when the same delivery job runs twice at the same time, and never resends a sent e-mail', async () => {
    const delivery = t.app.get(MailDeliveryService);
    // Written without a job, so only the two runs below can deliver it.
    const row = await emails().save(
      emails().create({
        to_email: 'twice@example.com',
        template: 'welcome',
        subject: 'Welcome to LeadPulse',
        data: { firstName: 'Twice' },
      }),
    );
    const job = { data: { emailId: row.id }, retryCount: 0, retryLimit: 5 };
    await Promise.all([delivery.handle(job), delivery.handle(job)]);
    await delivery.handle(job);

    expect(sendgrid.for(row.id)).toHaveLength(1);
    expect(await emails().findOneByOrFail({ id: row.id })).toMatchObject({
      status: 'sent',
      attempts: 1,
    });
  });
});
