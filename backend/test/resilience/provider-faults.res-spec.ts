import { EmailEntity } from '../../src/mail/email.entity.js';
import { MailService } from '../../src/mail/mail.service.js';
import type { SandboxFault } from '@leadpulse/stripe-sandbox';
import { post, uniqueEmail } from '../support/accounts.js';
import { FakeSendGrid } from '../support/fake-sendgrid.js';
import { foundingForm, startAppWithSandbox, type AppWithSandbox } from '../support/sandbox.js';
import { resetDatabase } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

/**
 * Stripe and SendGrid failing the way they do in production: the product retries with backoff
 * and every operation yields exactly one Stripe object and exactly one delivered e-mail.
 */
describe('provider faults', () => {
  const sendgrid = new FakeSendGrid();
  let env: AppWithSandbox;

  beforeAll(async () => {
    await sendgrid.listen();
    env = await startAppWithSandbox({
      SENDGRID_API_KEY: 'SG.test-key-0123456789',
      SENDGRID_API_URL: sendgrid.url,
      MAIL_FROM: 'LeadPulse <hello@leadpulse.example>',
      MAIL_RETRY_DELAY_SECONDS: '1',
      // SendGrid's "hang" below waits this out.
      SENDGRID_TIMEOUT_SECONDS: '2',
      JOBS_POLL_INTERVAL_SECONDS: '0.5',
      // Every checkout here comes from one address.
      FOUNDING_HOLDS_PER_ADDRESS: '1000',
    });
    await resetDatabase(env.t.dataSource);
  }, 60_000);
  afterAll(async () => {
    await env?.close();
    await sendgrid.close();
  });

  const customersFor = (email: string) =>
    env.sandbox.objects('customer').filter((customer) => customer.email === email);
  const sessionsFor = (customerIds: string[]) =>
    env.sandbox
      .objects('checkout.session')
      .filter((session) => customerIds.includes(String(session.customer)));

  // Two faults on each call: the SDK's two retries (with backoff) absorb them.
  const faults: SandboxFault[] = ['error', 'conflict', 'reset', 'lost', 'reset-after'];
  it.each(faults)(
    'creates exactly one customer and one checkout session when Stripe calls meet "%s"',
    async (fault) => {
      const email = uniqueEmail(`stripe-${fault}`);
      env.sandbox.injectFaults(2, fault, '/v1/customers');
      env.sandbox.injectFaults(2, fault, '/v1/checkout/sessions');

      const checkout = await post(env.t.app, '/api/founding/checkout', foundingForm(email));
      expect(checkout.statusCode).toBe(201);
      expect(env.sandbox.pendingFaults).toBe(0);

      const customers = customersFor(email);
      expect(customers).toHaveLength(1);
      const sessions = sessionsFor(customers.map((customer) => customer.id));
      expect(sessions).toHaveLength(1);
      expect((checkout.json() as { url: string }).url).toContain(sessions[0].id);
    },
    30_000,
  );

  it('delivers exactly one e-mail when SendGrid times out, drops the connection and answers 503', async () => {
    sendgrid.script = ['hang', 'reset', 503];
    const queued = await env.t.dataSource.transaction((manager) =>
      env.t.app.get(MailService).enqueue(manager, {
        to: 'faults@example.com',
        template: 'password-setup',
        data: { firstName: 'Ada', link: '/setup-password#token=abc' },
      }),
    );
    const sent = await waitFor(
      async () => {
        const row = await env.t.dataSource.getRepository(EmailEntity).findOneByOrFail({
          id: queued.id,
        });
        return row.status === 'queued' ? undefined : row;
      },
      60_000,
      'the e-mail to be sent',
    );
    expect(sent).toMatchObject({ status: 'sent', attempts: 4 });
    expect(sendgrid.for(queued.id)).toHaveLength(4);
    expect(sendgrid.acceptedFor(queued.id)).toHaveLength(1);
  }, 90_000);
});
