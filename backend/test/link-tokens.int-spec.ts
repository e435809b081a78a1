import { AuthAccountEntity } from '../src/auth/auth-account.entity.js';
import { AuthTokensService } from '../src/auth/auth-tokens.service.js';
import { EmailEntity } from '../src/mail/email.entity.js';
import {
  PASSWORD,
  bearer,
  linkFromOutbox,
  newestEmail,
  post,
  signUpAdmin,
  signUpAndConfirm,
  tokenFromOutbox,
  uniqueEmail,
  type SessionBody,
} from './support/accounts.js';
import { printedLinks } from './support/mailbox.js';
import { NO_RATE_LIMITS, resetDatabase, startTestApp, type TestApp } from './support/test-app.js';
import { waitFor } from './support/wait.js';

/** Every value of a `token` parameter in a text, HTML-escaped or not. */
function tokensIn(text: string): string[] {
  return [...text.matchAll(/token(?:=|&#x3D;|\\u003d)([^&#"'\s<>\\]+)/gi)].map((match) => match[1]);
}

/**
 * Link tokens are credentials: the back office sees them masked, the outbox forgets them once an
 * e-mail is delivered, and Resend mints new ones instead of sending a stored link again.
 */
describe('link tokens in the outbox and the e-mail log', () => {
  let t: TestApp;
  let admin: SessionBody;
  const emails = () => t.dataSource.getRepository(EmailEntity);
  const adminGet = (url: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/emails${url}`, headers: bearer(admin) });
  const resend = (id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/emails/${id}/resend`,
      headers: bearer(admin),
    });
  const checkToken = async (token: string) =>
    (await post(t.app, '/api/auth/check-token', { token })).json<{ valid: boolean }>().valid;
  const delivered = (id: string) =>
    waitFor(
      async () => {
        const row = await emails().findOneByOrFail({ id });
        return row.status === 'queued' ? undefined : row;
      },
      15_000,
      `e-mail ${id} to be delivered`,
    );
  /** A resent copy's live token, from its delivery. */
  const resentToken = async (copyId: string) => {
    const printed = await waitFor(async () => printedLinks(copyId), 15_000, 'the resent e-mail');
    return decodeURIComponent(printed.links[0].split('#token=')[1]);
  };

  beforeAll(async () => {
    t = await startTestApp({ env: { ...NO_RATE_LIMITS, JOBS_POLL_INTERVAL_SECONDS: '0.5' } });
    await resetDatabase(t.dataSource);
    admin = await signUpAdmin(t.app, t.dataSource);
  }, 30_000);
  afterAll(() => t.close());

  it('never shows a live token in the list, the e-mail, its rendered message or the Resend answer', async () => {
    const email = uniqueEmail('masked');
    await post(t.app, '/api/auth/signup', { email, password: PASSWORD, name: 'Mask Ed' });
    await post(t.app, '/api/auth/recover', { email });
    await post(t.app, '/api/newsletter', { email });
    const live = [
      await tokenFromOutbox(t.dataSource, email, 'confirm-email'),
      await tokenFromOutbox(t.dataSource, email, 'password-reset'),
      await tokenFromOutbox(t.dataSource, email, 'newsletter-confirm'),
    ];
    const newsletter = await newestEmail(t.dataSource, email, 'newsletter-confirm');
    live.push(printedLinks(newsletter.id)!.unsubscribe!.split('#token=')[1]);
    // An e-mail still waiting for delivery holds its live link: the log masks it all the same.
    const account = await t.dataSource.getRepository(AuthAccountEntity).findOneByOrFail({ email });
    const waiting = await t.dataSource.transaction(async (manager) => {
      const token = await t.app
        .get(AuthTokensService)
        .create(manager, account.id, 'password_reset');
      live.push(token);
      return manager.getRepository(EmailEntity).save(
        manager.getRepository(EmailEntity).create({
          to_email: email,
          template: 'password-reset',
          subject: 'Reset your LeadPulse password',
          data: { link: `/setup-password#token=${token}` },
        }),
      );
    });
    expect(await checkToken(live[0])).toBe(true);
    expect(await checkToken(live[1])).toBe(true);

    const listed = await adminGet(`?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`);
    expect(listed.json()).toHaveLength(5);
    const answers = [listed.body];
    for (const { id } of listed.json<{ id: string }[]>()) {
      const shown = await adminGet(`/${id}`);
      expect(shown.statusCode).toBe(200);
      answers.push(shown.body);
    }
    const shownWaiting = (await adminGet(`/${waiting.id}`)).json();
    expect(shownWaiting.data.link).toBe('/setup-password#token=…');
    expect(shownWaiting.rendered.text).toContain('http://localhost:3000/setup-password#token=…');
    expect(shownWaiting.rendered.unsubscribeUrl).toBe('http://localhost:3000/unsubscribe#token=…');
    answers.push((await resend(waiting.id)).body);

    for (const answer of answers) {
      for (const token of live) expect(answer).not.toContain(token);
      for (const token of tokensIn(answer)) {
        expect(token).toBe('…');
        expect(await checkToken(token)).toBe(false);
      }
    }
    expect(tokensIn(answers.join('')).length).toBeGreaterThan(8);
  }, 20_000);

  it('keeps only masked links in a delivered e-mail', async () => {
    const email = uniqueEmail('scrubbed');
    const signup = await post(t.app, '/api/auth/signup', {
      email,
      password: PASSWORD,
      name: 'Scrub Bed',
    });
    expect(signup.statusCode).toBe(201);
    const token = await tokenFromOutbox(t.dataSource, email, 'confirm-email');
    const row = await delivered((await newestEmail(t.dataSource, email, 'confirm-email')).id);
    expect(row.status).toBe('logged');
    expect(row.data).toEqual({ link: '/confirm-email#token=…' });
    const [stored] = await t.dataSource.query(
      `SELECT data::text AS data FROM emails WHERE id = $1`,
      [row.id],
    );
    expect(stored.data).not.toContain(token);
    // The recipient's link still works.
    expect(await checkToken(token)).toBe(true);
  }, 20_000);

  it('resends a reset e-mail with a new link that works, and retires the old one', async () => {
    const member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('reset-resend'));
    await post(t.app, '/api/auth/recover', { email: member.user.email });
    const old = await tokenFromOutbox(t.dataSource, member.user.email, 'password-reset');
    const original = await newestEmail(t.dataSource, member.user.email, 'password-reset');

    const resent = await resend(original.id);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data.link).toBe('/setup-password#token=…');
    const fresh = await resentToken(resent.json().id);
    expect(fresh).not.toBe(old);
    expect(await checkToken(old)).toBe(false);
    expect((await post(t.app, '/api/auth/check-token', { token: fresh })).json()).toEqual({
      valid: true,
      kind: 'password_reset',
    });
    expect(
      (await post(t.app, '/api/auth/reset-password', { token: old, password: 'old link phrase' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(t.app, '/api/auth/reset-password', { token: fresh, password: 'new link phrase' }))
        .statusCode,
    ).toBe(200);
  }, 20_000);

  it('resends a confirmation e-mail with a new link until the address is confirmed', async () => {
    const email = uniqueEmail('confirm-resend');
    await post(t.app, '/api/auth/signup', { email, password: PASSWORD, name: 'Con Firm' });
    const old = await tokenFromOutbox(t.dataSource, email, 'confirm-email');
    const original = await newestEmail(t.dataSource, email, 'confirm-email');
    await delivered(original.id);

    const resent = await resend(original.id);
    expect(resent.statusCode).toBe(200);
    const fresh = await resentToken(resent.json().id);
    expect(await checkToken(old)).toBe(false);
    expect((await post(t.app, '/api/auth/confirm', { token: old })).statusCode).toBe(400);
    expect((await post(t.app, '/api/auth/confirm', { token: fresh })).statusCode).toBe(200);

    expect((await resend(original.id)).json()).toEqual({
      statusCode: 409,
      code: 'already_confirmed',
      message: 'This e-mail address is already confirmed.',
    });
  }, 20_000);

  it('resends a setup e-mail with a new link until the password is set, and other e-mails as they were', async () => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/users',
        headers: bearer(admin),
        payload: { first_name: 'Set', last_name: 'Up', email: uniqueEmail('setup-resend') },
      })
    ).json();
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${created.id}/welcome-email`,
      headers: bearer(admin),
    });
    const old = await tokenFromOutbox(t.dataSource, created.email, 'welcome');
    const original = await newestEmail(t.dataSource, created.email, 'welcome');

    const resent = await resend(original.id);
    expect(resent.statusCode).toBe(200);
    const fresh = await resentToken(resent.json().id);
    expect(await checkToken(old)).toBe(false);
    expect(
      (await post(t.app, '/api/auth/reset-password', { token: fresh, password: 'set up phrase' }))
        .statusCode,
    ).toBe(200);
    expect((await resend(original.id)).json()).toMatchObject({
      statusCode: 409,
      code: 'already_set_up',
    });

    const member = await signUpAndConfirm(t.app, t.dataSource, uniqueEmail('plain-resend'));
    const welcome = await newestEmail(t.dataSource, member.user.email, 'welcome');
    const copy = await resend(welcome.id);
    expect(copy.json().data).toEqual(welcome.data);
  }, 20_000);

  it('resends a newsletter confirmation with a link that confirms', async () => {
    const email = uniqueEmail('news-resend');
    await post(t.app, '/api/newsletter', { email });
    await linkFromOutbox(t.dataSource, email, 'newsletter-confirm');
    const original = await newestEmail(t.dataSource, email, 'newsletter-confirm');
    const resent = await resend(original.id);
    expect(resent.json().data.link).toBe('/newsletter/confirm#token=…');
    const fresh = await resentToken(resent.json().id);
    const confirmed = await post(t.app, '/api/newsletter/confirm', { token: fresh });
    expect(confirmed.statusCode).toBe(200);
  }, 20_000);
});
