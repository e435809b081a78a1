import { FoundingReminderService } from '../src/billing/founding-reminder.service.js';
import { EmailEntity } from '../src/mail/email.entity.js';
import { UserEntity } from '../src/users/user.entity.js';
import { StripeEventEntity } from '../src/webhooks/stripe-event.entity.js';
import {
  buyFoundingAsMember,
  startAppWithSandbox,
  type AppWithSandbox,
} from './support/sandbox.js';
import { resetDatabase } from './support/test-app.js';
import { waitFor } from './support/wait.js';

const DAY = 24 * 60 * 60;

describe('the founding reminder, on the Stripe sandbox’s test clock', () => {
  let env: AppWithSandbox;
  const users = () => env.t.dataSource.getRepository(UserEntity);
  const reminders = (to: string) =>
    env.t.dataSource
      .getRepository(EmailEntity)
      .findBy({ to_email: to, template: 'founding-reminder' });
  const settled = () =>
    waitFor(
      async () =>
        (await env.t.dataSource.getRepository(StripeEventEntity).countBy({ processed: false })) ===
        0
          ? true
          : undefined,
      20_000,
      'every stored Stripe event processed',
    );
  const advanceTo = async (frozenTime: number) => {
    await env.stripe.testHelpers.testClocks.advance('clock_sandbox', { frozen_time: frozenTime });
    await settled();
  };

  /** A confirmed member who bought the founding offer from their account, with its schedule. */
  async function foundingMember() {
    const { user } = await buyFoundingAsMember(env, 'reminder');
    await settled();
    return user;
  }

  beforeAll(async () => {
    env = await startAppWithSandbox();
    await resetDatabase(env.t.dataSource);
  }, 30_000);
  afterAll(() => env.close());

  it('sends one e-mail in the founding period’s last week, with the date and the price from then on', async () => {
    const member = await foundingMember();
    const subscription = await env.stripe.subscriptions.retrieve(member.stripe_subscription_id!);
    const foundingEnd = subscription.items.data[0].current_period_end;
    const service = env.t.app.get(FoundingReminderService);

    // Eight days before the end: not yet, whoever asks.
    await advanceTo(foundingEnd - 8 * DAY);
    expect(await service.sendDue()).toBe(0);
    expect(await reminders(member.email)).toHaveLength(0);

    // Six days before: the clock's move alone brings the reminder, once.
    await advanceTo(foundingEnd - 6 * DAY);
    const [reminder] = await waitFor(async () => {
      const sent = await reminders(member.email);
      return sent.length > 0 ? sent : undefined;
    }, 20_000);
    const endDate = new Date(foundingEnd * 1000).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(reminder.subject).toBe(`Your founding member period ends on ${endDate}`);
    expect(reminder.data).toMatchObject({
      endDate,
      newPrice: '$75/month',
      planName: 'Prospector',
      link: '/dashboard/settings?tab=subscription',
    });
    expect(
      (await users().findOneByOrFail({ id: member.id })).founding_reminder_sent_at,
    ).not.toBeNull();

    // Runs at once, or later ones, send nothing more.
    expect(await Promise.all([service.sendDue(), service.sendDue(), service.sendDue()])).toEqual([
      0, 0, 0,
    ]);
    await advanceTo(foundingEnd - 2 * DAY);
    expect(await service.sendDue()).toBe(0);
    expect(await reminders(member.email)).toHaveLength(1);
  }, 120_000);

  it('does not remind a founding member whose period has already ended', async () => {
    const member = await foundingMember();
    const subscription = await env.stripe.subscriptions.retrieve(member.stripe_subscription_id!);
    const foundingEnd = subscription.items.data[0].current_period_end;
    await advanceTo(foundingEnd + DAY);
    expect(await env.t.app.get(FoundingReminderService).sendDue()).toBe(0);
    expect(await reminders(member.email)).toHaveLength(0);
  }, 120_000);
});
