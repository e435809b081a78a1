import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { billingDate, formatUsd, getPlan } from '@leadpulse/common';
import { AppConfig } from '../config/app-config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MailService } from '../mail/mail.service.js';
import { idOf } from '../stripe/stripe-ids.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { UserWritesService } from '../users/user-writes.service.js';
import { foundingTransitionOf } from './founding-transition.js';

export const FOUNDING_REMINDER_QUEUE = 'founding-reminder';
/** How long before the founding period ends the member hears about it. */
export const FOUNDING_REMINDER_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Candidate {
  id: string;
  email: string;
  first_name: string;
  stripe_subscription_id: string;
}

/**
 * The founding reminder: seven days before a founding member's founding period ends (the end of
 * their schedule's first phase, as Stripe holds it), one e-mail with the date, the price from
 * then on and how to change or cancel. A job looks every quarter of an hour, and again whenever a
 * Stripe test clock moves; a member is marked in the same transaction that queues the e-mail, so
 * restarts, overlapping runs and clocks moving either way send it once. A subscription on a test
 * clock is judged by that clock's time, as Stripe bills it.
 */
@Injectable()
export class FoundingReminderService implements OnModuleInit {
  private readonly logger = new Logger(FoundingReminderService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly userWrites: UserWritesService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.createQueue(FOUNDING_REMINDER_QUEUE, { retryLimit: 2 });
    await this.jobs.schedule(FOUNDING_REMINDER_QUEUE, '*/15 * * * *');
    await this.jobs.work(FOUNDING_REMINDER_QUEUE, async () => {
      await this.sendDue();
    });
  }

  /**
   * `test_helpers.test_clock.ready`: a clock that moved may have brought a founding period's
   * last week. Queued in the event's transaction: with the embedded database a second
   * connection would wait for that transaction to end.
   */
  async onTestClockReady(_event: Stripe.Event, manager: EntityManager): Promise<void> {
    await this.jobs.send(FOUNDING_REMINDER_QUEUE, {}, { manager });
  }

  /** Sends every reminder now due; answers how many it sent. */
  async sendDue(): Promise<number> {
    const candidates = (await this.dataSource.query(
      `SELECT id, email, first_name, stripe_subscription_id FROM users
        WHERE founding_member AND founding_reminder_sent_at IS NULL
          AND founding_member_transitioned_at IS NULL AND subscription_plan = 'founding_member'
          AND stripe_subscription_id IS NOT NULL
          AND subscription_status IN ('active', 'trialing', 'past_due')`,
    )) as Candidate[];
    let sent = 0;
    for (const candidate of candidates) {
      try {
        if (await this.remind(candidate)) sent += 1;
      } catch (error) {
        this.logger.warn(
          `Founding reminder for user ${candidate.id} not sent yet: ${(error as Error).message}`,
        );
      }
    }
    return sent;
  }

  private async remind(candidate: Candidate): Promise<boolean> {
    const subscription = await this.stripe.subscriptions.retrieve(candidate.stripe_subscription_id);
    const transition = await foundingTransitionOf(
      this.stripe,
      this.config.stripe.prices,
      subscription,
    );
    if (!transition) return false;
    const now = await this.stripeNow(subscription);
    const end = transition.date.getTime();
    if (now < end - FOUNDING_REMINDER_DAYS * DAY_MS || now >= end) return false;
    const plan = getPlan(transition.plan);
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.userWrites.markFoundingReminderSent(manager, candidate.id))) return false;
      await this.mail.enqueue(manager, {
        to: candidate.email,
        template: 'founding-reminder',
        data: {
          firstName: candidate.first_name || undefined,
          endDate: billingDate(transition.date),
          newPrice: `${formatUsd(transition.price_cents)}/month`,
          planName: plan.name,
          link: '/dashboard/settings?tab=subscription',
        },
        userId: candidate.id,
      });
      return true;
    });
  }

  /** Now, as Stripe bills this subscription: its test clock's time, or the real time. */
  private async stripeNow(subscription: Stripe.Subscription): Promise<number> {
    const clockId = idOf(subscription.test_clock);
    if (!clockId) return Date.now();
    const clock = await this.stripe.testHelpers.testClocks.retrieve(clockId);
    return clock.frozen_time * 1000;
  }
}
