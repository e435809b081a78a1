import type { EntityManager } from 'typeorm';
import { MailService } from '../src/mail/mail.service.js';
import { UserEntity } from '../src/users/user.entity.js';
import {
  bearer,
  post,
  signUpAdmin,
  signUpAndConfirm,
  uniqueEmail,
  PASSWORD,
  type SessionBody,
} from './support/accounts.js';
import { clientAddress, startAppWithSandbox, type AppWithSandbox } from './support/sandbox.js';
import { settleStripeEvents } from './support/settle.js';
import { occurrences } from './support/personal-data.js';
import { resetDatabase } from './support/test-app.js';
import { waitFor } from './support/wait.js';

/**
 * What deletion leaves of a member: nothing that names them in any table of the database (the
 * README's deletion section lists what stays, none of which holds their address, name or
 * phone), and a Stripe customer without their details.
 */
describe('Deleting an account erases the personal data', () => {
  let env: AppWithSandbox;
  let admin: SessionBody;
  const db = () => env.t.dataSource;

  beforeAll(async () => {
    env = await startAppWithSandbox();
    await resetDatabase(env.t.dataSource);
    admin = await signUpAdmin(env.t.app, env.t.dataSource);
  }, 30_000);
  afterAll(() => env.close());

  it('leaves no address, name or phone in any table or on the Stripe customer', async () => {
    const tag = Date.now().toString(36);
    const [first, last] = [`Zephyrine${tag}`, `Quillfeather${tag}`];
    const email = uniqueEmail(`erased${tag}`);
    const needles = [email, first, last, '010-4321', '5550104321'];
    const session = await signUpAndConfirm(env.t.app, db(), email, PASSWORD, `${first} ${last}`);
    const patch = await env.t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(session),
      payload: { phone: '(555) 010-4321', company: 'Analytical Engines' },
    });
    expect(patch.statusCode).toBe(200);
    // A founding purchase: a Stripe customer with name, address and phone, its events stored,
    // a newsletter subscription, e-mails.
    const checkout = await env.t.app.inject({
      method: 'POST',
      url: '/api/founding/checkout',
      payload: { firstName: first, lastName: last, email, phone: '5550104321' },
      headers: bearer(session),
      remoteAddress: clientAddress(),
    });
    expect(checkout.statusCode).toBe(201);
    const paid = await fetch(`${checkout.json().url as string}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const user = await waitFor(async () => {
      const row = await db().getRepository(UserEntity).findOneByOrFail({ email });
      return row.founding_member && row.stripe_customer_id ? row : undefined;
    }, 20_000);
    // Audit text naming the address, a reset asked for (a job holding the address).
    const link = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/recovery/password-link',
      headers: bearer(admin),
      payload: { email },
    });
    expect(link.statusCode).toBe(200);
    expect((await post(env.t.app, '/api/auth/recover', { email })).statusCode).toBe(200);
    // A failed sign-in, counted under the address.
    const wrong = await post(env.t.app, '/api/auth/login', { email, password: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    await settleStripeEvents(env);
    expect(await occurrences(db(), needles)).not.toEqual([]);
    const customerBefore = await env.stripe.customers.retrieve(user.stripe_customer_id!);
    expect(customerBefore).toMatchObject({ email, name: `${first} ${last}` });
    const [card] = (await env.stripe.paymentMethods.list({ customer: user.stripe_customer_id! }))
      .data;
    expect(card.billing_details).toMatchObject({ email, name: `${first} ${last}` });

    const deleted = await env.t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(session),
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);

    // The confirmation goes to the address they had, which it then forgets.
    await waitFor(async () => {
      const [mail] = await db().query(
        `SELECT status FROM emails WHERE user_id = $1 AND template = 'account-deleted'`,
        [user.id],
      );
      return mail && mail.status !== 'queued' ? true : undefined;
    }, 15_000);
    // Stripe's customer.updated event of the anonymisation is stored without the old values.
    await waitFor(async () => {
      const customer = await env.stripe.customers.retrieve(user.stripe_customer_id!);
      return !customer.deleted && customer.email === null ? true : undefined;
    }, 15_000);
    await settleStripeEvents(env);

    expect(await occurrences(db(), needles)).toEqual([]);
    const customer = await env.stripe.customers.retrieve(user.stripe_customer_id!);
    expect(customer).toMatchObject({ email: null, name: null, phone: null, address: null });
    const methods = await env.stripe.paymentMethods.list({ customer: user.stripe_customer_id! });
    const atStripe = JSON.stringify({ customer, methods: methods.data }).toLowerCase();
    for (const needle of needles) expect(atStripe).not.toContain(needle.toLowerCase());
    // What stays: the payment, against the anonymised row.
    const [{ payments }] = await db().query(
      `SELECT count(*)::int AS payments FROM transactions WHERE user_id = $1`,
      [user.id],
    );
    expect(payments).toBeGreaterThan(0);
  }, 120_000);

  it('leaves no name in an e-mail queued while the deletion runs, or after it', async () => {
    const tag = Date.now().toString(36);
    const first = `Ottoline${tag}`;
    const email = uniqueEmail(`racing${tag}`);
    const session = await signUpAndConfirm(env.t.app, db(), email, PASSWORD, `${first} Race`);
    const user = await db().getRepository(UserEntity).findOneByOrFail({ email });
    const mail = env.t.app.get(MailService);
    const reset = (manager: EntityManager) =>
      mail.enqueue(manager, {
        to: email,
        template: 'password-reset',
        data: { firstName: first, link: '/setup-password#token=racing' },
        userId: user.id,
      });

    // A job queues an e-mail naming them and has not committed when the deletion starts.
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let queued!: () => void;
    const isQueued = new Promise<void>((resolve) => (queued = resolve));
    const job = db().transaction(async (manager) => {
      await reset(manager);
      queued();
      await committing;
    });
    await isQueued;
    const deletion = env.t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(session),
      payload: { password: PASSWORD },
    });
    // The deletion waits for the job (or, were nothing locked, would finish before it commits).
    // The embedded database runs one transaction at a time: there the deletion waits for the job
    // whole, and no query could look while the job is open.
    if (process.env.TEST_DATABASE_KIND === 'server') {
      const finished = deletion.then(() => true);
      await waitFor(async () => {
        const [{ waiting }] = await db().query(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return waiting > 0 || (await Promise.race([finished, Promise.resolve(false)])) || undefined;
      }, 20_000);
    }
    commit();
    await job;
    expect((await deletion).statusCode).toBe(204);
    // The confirmation to the address they had forgets it once sent.
    await waitFor(async () => {
      const [mail] = await db().query(
        `SELECT status FROM emails WHERE user_id = $1 AND template = 'account-deleted'`,
        [user.id],
      );
      return mail && mail.status !== 'queued' ? true : undefined;
    }, 15_000);
    expect(await occurrences(db(), [first, email])).toEqual([]);

    // Once deleted, nothing more is written for them.
    expect(await db().transaction(reset)).toBeNull();
    expect(await occurrences(db(), [first, email])).toEqual([]);
  }, 60_000);
});
