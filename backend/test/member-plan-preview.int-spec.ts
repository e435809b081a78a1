import { UserEntity } from '../src/users/user.entity.js';
import { bearer, signUpAndConfirm, uniqueEmail, type SessionBody } from './support/accounts.js';
import { startAppWithSandbox, type AppWithSandbox } from './support/sandbox.js';
import { resetDatabase } from './support/test-app.js';
import { waitFor } from './support/wait.js';

describe("a member's plan change preview, against the Stripe sandbox", () => {
  let env: AppWithSandbox;
  const users = () => env.t.dataSource.getRepository(UserEntity);
  const call = (method: 'GET' | 'POST', url: string, session?: SessionBody, payload?: object) =>
    env.t.app.inject({
      method,
      url,
      headers: session ? bearer(session) : {},
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    env = await startAppWithSandbox();
    await resetDatabase(env.t.dataSource);
  }, 30_000);
  afterAll(() => env.close());

  it('previews the proration of Prospector → Networker, which the change then charges', async () => {
    const member = await signUpAndConfirm(env.t.app, env.t.dataSource, uniqueEmail('preview'));
    const preview = (plan: string, session: SessionBody | null = member) =>
      call('GET', `/api/billing/plan/preview?plan=${plan}`, session ?? undefined);

    expect((await preview('networker', null)).statusCode).toBe(401);
    expect((await preview('networker')).json()).toMatchObject({
      statusCode: 409,
      code: 'no_subscription',
    });
    expect((await preview('gold')).statusCode).toBe(400);

    const checkout = await call('POST', '/api/billing/checkout', member, { plan: 'prospector' });
    const url = checkout.json().url as string;
    expect((await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    const user = await waitFor(async () => {
      const row = await users().findOneByOrFail({ email: member.user.email });
      return row.subscription_plan === 'prospector' && row.subscription_status === 'active'
        ? row
        : undefined;
    });

    const answer = await preview('networker');
    expect(answer.statusCode).toBe(200);
    const quote = answer.json();
    expect(quote.after_founding).toBe(false);
    expect(quote.amount_due_cents).toBeGreaterThan(0);
    expect(quote.amount_due_cents).toBeLessThanOrEqual(14_500 - 7_500);
    // Nothing moved.
    expect(await users().findOneByOrFail({ id: user.id })).toMatchObject({
      subscription_plan: 'prospector',
    });

    const moved = await call('POST', '/api/billing/plan', member, { plan: 'networker' });
    expect(moved.json()).toMatchObject({ subscription_plan: 'networker' });
    const invoices = await env.stripe.invoices.list({ subscription: user.stripe_subscription_id! });
    const proration = invoices.data.find(
      (invoice) => invoice.billing_reason === 'subscription_update',
    )!;
    expect(Math.abs(proration.amount_paid - quote.amount_due_cents)).toBeLessThanOrEqual(5);
  }, 30_000);
});
