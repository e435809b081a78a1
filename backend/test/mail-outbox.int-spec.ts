import { MailService } from '../src/mail/mail.service.js';
import { EmailEntity } from '../src/mail/email.entity.js';
import { resetDatabase, startTestApp, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';

/** The outbox without a provider: e-mails end up `logged`. */
describe('the e-mail outbox', () => {
  let t: TestApp;
  let mail: MailService;
  const emails = () => t.dataSource.getRepository(EmailEntity);
  const settled = (id: string) =>
    waitFor(
      async () => {
        const row = await emails().findOneByOrFail({ id });
        return row.status === 'queued' ? undefined : row;
      },
      15_000,
      `e-mail ${id} to leave the queue`,
    );

  beforeAll(async () => {
    t = await startTestApp({ env: { JOBS_POLL_INTERVAL_SECONDS: '0.5' } });
    await resetDatabase(t.dataSource);
    mail = t.app.get(MailService);
  });
  afterAll(() => t.close());

  it('keeps no e-mail when the transaction that queued it rolls back', async () => {
    const jobCount = async () =>
      (
        await t.dataSource.query(
          `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'mail-delivery'`,
        )
      )[0].count;
    const jobsBefore = await jobCount();
    await expect(
      t.dataSource.transaction(async (manager) => {
        await mail.enqueue(manager, {
          to: 'rollback@example.com',
          template: 'welcome',
          data: { firstName: 'Rolled' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    expect(await emails().countBy({ to_email: 'rollback@example.com' })).toBe(0);
    expect(await jobCount()).toBe(jobsBefore);
  });

  it('delivers a committed e-mail (logged, with no provider configured)', async () => {
    const queued = await t.dataSource.transaction((manager) =>
      mail.enqueue(manager, {
        to: 'Commit@Example.com',
        template: 'password-reset',
        data: { link: '/setup-password#token=t1' },
      }),
    );
    expect(queued).toMatchObject({
      status: 'queued',
      subject: 'Reset your LeadPulse password',
      attempts: 0,
    });

    const delivered = await settled(queued.id);
    expect(delivered).toMatchObject({
      status: 'logged',
      attempts: 1,
      last_error: null,
      claimed_until: null,
    });
    expect(delivered.sent_at).toBeInstanceOf(Date);
  });

  it('refuses a link that is not a path before anything is written', async () => {
    await expect(
      t.dataSource.transaction((manager) =>
        mail.enqueue(manager, {
          to: 'x@example.com',
          template: 'password-reset',
          data: { link: 'https://evil.example/' },
        }),
      ),
    ).rejects.toThrow(/must be paths/);
    expect(await emails().countBy({ to_email: 'x@example.com' })).toBe(0);
  });

  it('resends an e-mail as a fresh copy that is delivered too', async () => {
    const original = await t.dataSource.transaction((manager) =>
      mail.enqueue(manager, {
        to: 'again@example.com',
        template: 'welcome',
        data: { firstName: 'Again' },
      }),
    );
    await settled(original.id);
    const copy = await mail.resend(original.id);
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      to_email: 'again@example.com',
      template: 'welcome',
      resent_from_id: original.id,
    });
    expect((await settled(copy.id)).status).toBe('logged');
  });

  it('reports the e-mail health, degraded when the oldest queued e-mail waited over 15 minutes', async () => {
    const healthy = await t.app.inject({ method: 'GET', url: '/api/health/email' });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json().checks.email).toMatchObject({
      status: 'healthy',
      provider: 'log',
      queued: 0,
    });

    // A queued row with no job, as if delivery had stalled for 20 minutes.
    await t.dataSource.query(
      `INSERT INTO emails (to_email, template, subject, created_at) VALUES ('late@example.com', 'welcome', 'Welcome', now() - interval '20 minutes')`,
    );
    const behind = await t.app.inject({ method: 'GET', url: '/api/health/email' });
    expect(behind.statusCode).toBe(200);
    expect(behind.json()).toMatchObject({
      status: 'degraded',
      checks: { email: { status: 'degraded', queued: 1 } },
    });
    expect(behind.json().checks.email.oldest_queued_seconds).toBeGreaterThanOrEqual(1200);

    const overall = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(overall.statusCode).toBe(200);
    expect(overall.json()).toMatchObject({
      status: 'degraded',
      checks: { database: { status: 'healthy' } },
    });
  });
});
