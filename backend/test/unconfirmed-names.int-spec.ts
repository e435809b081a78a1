import { FULL_NAME_MAX_LENGTH, MESSAGES, NAME_MAX_LENGTH } from '@leadpulse/common';
import { EmailEntity } from '../src/mail/email.entity.js';
import { MailService } from '../src/mail/mail.service.js';
import { FoundingReservationEntity } from '../src/founding/founding-reservation.entity.js';
import { NewsletterSubscriptionEntity } from '../src/newsletter/newsletter-subscription.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import {
  bearer,
  PASSWORD,
  post,
  signUpAdmin,
  signUpAndConfirm,
  tokenFromOutbox,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';

/** What someone might type as a name to put their words in our e-mail to a stranger. */
const PHISHING_FIRST = 'Your account is locked';
const PHISHING_LAST = 'go to https://evil.example/unlock';

/**
 * Mail to an address nobody has confirmed does not greet with the name typed in the form that
 * caused it; once the address is confirmed, the name is used. Names are bounded everywhere.
 */
describe('names in e-mails and forms', () => {
  let t: TestApp;
  let admin: SessionBody;
  const outbox = (to: string, template: string) =>
    waitFor(
      async () =>
        (await t.dataSource
          .getRepository(EmailEntity)
          .findOne({ where: { to_email: to, template }, order: { created_at: 'DESC' } })) ??
        undefined,
      15_000,
      `a ${template} e-mail to ${to}`,
    );
  /** The e-mail as it is delivered: subject, HTML and text rendered from the outbox row. */
  const delivered = async (to: string, template: string) => {
    const row = await outbox(to, template);
    const { rendered } = await t.app.get(MailService).findMasked(row.id);
    return { row, all: [rendered!.subject, rendered!.html, rendered!.text].join('\n') };
  };
  const expectNoneOf = (text: string, typed: string[]) => {
    for (const words of typed) expect(text).not.toContain(words);
  };

  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMITS });
    await resetDatabase(t.dataSource);
    admin = await signUpAdmin(t.app, t.dataSource, uniqueEmail('names-admin'));
  }, 30_000);
  afterAll(() => t.close());

  it('sends the waitlist confirmation without the names typed in the form', async () => {
    const email = uniqueEmail('stranger');
    const joined = await post(t.app, '/api/waitlist', {
      email,
      firstName: PHISHING_FIRST,
      lastName: PHISHING_LAST,
    });
    expect(joined.statusCode).toBe(201);
    // The names are kept with the address, for when it is confirmed.
    expect(
      await t.dataSource.getRepository(NewsletterSubscriptionEntity).findOneByOrFail({ email }),
    ).toMatchObject({ first_name: PHISHING_FIRST, last_name: PHISHING_LAST });

    const { row, all } = await delivered(email, 'newsletter-confirm');
    expect(row.data).not.toHaveProperty('firstName');
    expectNoneOf(all, [PHISHING_FIRST, PHISHING_LAST, 'locked', 'evil.example']);
    expect(all).toContain('Hi,');
  });

  it('sends the sign-up e-mails without the name until the address is confirmed, then uses it', async () => {
    const email = uniqueEmail('signup-names');
    const signup = await post(t.app, '/api/auth/signup', {
      email,
      password: PASSWORD,
      name: 'Grace Hopper',
    });
    expect(signup.statusCode).toBe(201);
    for (const template of ['confirm-email', 'welcome']) {
      const { row, all } = await delivered(email, template);
      expect(row.data).not.toHaveProperty('firstName');
      expectNoneOf(all, ['Grace', 'Hopper']);
    }
    // A password reset asked for by anyone, while the address is still unconfirmed: no name.
    expect((await post(t.app, '/api/auth/recover', { email })).statusCode).toBe(200);
    expectNoneOf((await delivered(email, 'password-reset')).all, ['Grace', 'Hopper']);

    const token = await tokenFromOutbox(t.dataSource, email, 'confirm-email');
    expect((await post(t.app, '/api/auth/confirm', { token })).statusCode).toBe(200);
    const before = await outbox(email, 'password-reset');
    expect((await post(t.app, '/api/auth/recover', { email })).statusCode).toBe(200);
    const reset = await waitFor(async () => {
      const latest = await outbox(email, 'password-reset');
      return latest.id === before.id ? undefined : latest;
    });
    expect(reset.data).toMatchObject({ firstName: 'Grace' });
    const { rendered } = await t.app.get(MailService).findMasked(reset.id);
    expect(rendered!.text).toMatch(/^Hi Grace,/);
  });

  it('refuses names longer than their fields, and names over several lines', async () => {
    const long = 'n'.repeat(NAME_MAX_LENGTH + 1);
    const refused = (response: { statusCode: number; json: () => unknown }, field: string) => {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        errors: { [field]: expect.any(String) },
      });
    };

    const signupEmail = uniqueEmail('long-name');
    const signup = (name: string) =>
      post(t.app, '/api/auth/signup', { email: signupEmail, password: PASSWORD, name });
    refused(await signup('n'.repeat(FULL_NAME_MAX_LENGTH + 1)), 'name');
    refused(await signup('Ada\nLovelace'), 'name');
    expect((await signup('n'.repeat(FULL_NAME_MAX_LENGTH))).statusCode).toBe(201);

    const waitlistEmail = uniqueEmail('long-wait');
    refused(
      await post(t.app, '/api/waitlist', { email: waitlistEmail, firstName: long }),
      'firstName',
    );
    refused(
      await post(t.app, '/api/waitlist', { email: waitlistEmail, lastName: long }),
      'lastName',
    );
    const split = await post(t.app, '/api/waitlist', {
      email: waitlistEmail,
      firstName: 'Ada\r\nBcc: someone@example.com',
    });
    refused(split, 'firstName');
    expect(split.json()).toMatchObject({ message: MESSAGES.validation.nameCharacters });
    expect(
      await t.dataSource
        .getRepository(NewsletterSubscriptionEntity)
        .existsBy({ email: waitlistEmail }),
    ).toBe(false);

    const buyer = uniqueEmail('long-buyer');
    const checkout = (names: { firstName: string; lastName: string }) =>
      post(t.app, '/api/founding/checkout', { ...names, email: buyer, phone: '5551234567' });
    refused(await checkout({ firstName: long, lastName: 'Lovelace' }), 'firstName');
    refused(await checkout({ firstName: 'Ada', lastName: long }), 'lastName');
    refused(await checkout({ firstName: 'Ada\u0085', lastName: 'Lovelace' }), 'firstName');
    expect(
      await t.dataSource.getRepository(FoundingReservationEntity).existsBy({ email: buyer }),
    ).toBe(false);

    const member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('long-me'));
    const patchMe = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(member), payload });
    refused(await patchMe({ first_name: long }), 'first_name');
    refused(await patchMe({ last_name: 'Lovelace\tKing' }), 'last_name');
    expect((await patchMe({ first_name: 'n'.repeat(NAME_MAX_LENGTH) })).statusCode).toBe(200);

    const memberId = (
      await t.dataSource.getRepository(UserEntity).findOneByOrFail({ email: member.user.email })
    ).id;
    const adminWrite = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: bearer(admin), payload });
    refused(
      await adminWrite('PUT', `/api/admin/users/${memberId}`, { last_name: long }),
      'last_name',
    );
    refused(
      await adminWrite('POST', '/api/admin/users', {
        email: uniqueEmail('long-created'),
        first_name: 'Ada\nLovelace',
        last_name: 'King',
      }),
      'first_name',
    );
    refused(
      await adminWrite('POST', '/api/admin/newsletter', {
        email: uniqueEmail('long-subscriber'),
        first_name: long,
      }),
      'first_name',
    );
    expect(
      (await t.dataSource.getRepository(UserEntity).findOneByOrFail({ id: memberId })).last_name,
    ).not.toBe(long);

    // An import counts a row whose name would not fit as invalid, and takes the others.
    const imported = await adminWrite('POST', '/api/admin/newsletter/import', {
      csv: [
        'email,first_name,last_name',
        `${uniqueEmail('csv-long')},${long},King`,
        `${uniqueEmail('csv-lines')},"Ada\nLovelace",King`,
        `${uniqueEmail('csv-fine')},Ada,King`,
      ].join('\n'),
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toEqual({ imported: 1, skipped: 0, invalid: 2 });
  });
});
