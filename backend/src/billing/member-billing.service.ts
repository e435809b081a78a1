import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import {
  billingDate,
  cancellationDescription,
  type CancellationReason,
  type MemberBilling,
  type MemberInvoice,
} from '@leadpulse/common';
import { AuditService } from '../audit/audit.service.js';
import { AppException } from '../common/app.exception.js';
import { AppConfig } from '../config/app-config.js';
import { MailService } from '../mail/mail.service.js';
import { idOf } from '../stripe/stripe-ids.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { PeriodEndCancellationService } from '../subscriptions/period-end-cancellation.service.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { UserEntity } from '../users/user.entity.js';
import { billingErrors } from './billing.errors.js';
import { foundingTransitionOf } from './founding-transition.js';
import type { CancelOwnSubscriptionDto } from './dto/cancel-own-subscription.dto.js';

export type MemberBillingView = MemberBilling<Date>;

/** Subscriptions that still run (and so can be set to end, and will be charged again). */
const LIVE = ['active', 'trialing', 'past_due', 'unpaid'];
/** The newest invoices shown: two years of a monthly plan. */
const INVOICES_SHOWN = 24;
const SETTINGS_LINK = '/dashboard/settings?tab=subscription';

/** Stripe's own word for each reason (`cancellation_details.feedback`). */
const STRIPE_FEEDBACK: Record<
  CancellationReason,
  Stripe.SubscriptionUpdateParams.CancellationDetails.Feedback
> = {
  too_expensive: 'too_expensive',
  missing_features: 'missing_features',
  not_using: 'unused',
  other: 'other',
};

const fromUnix = (seconds: number) => new Date(seconds * 1000);

/** The e-mails' date ("March 3, 2027"), or null without one. */
const longDate = (date: Date | null) => (date ? billingDate(date) : null);

/**
 * Settings → Subscription: the member's plan, next charge, founding move and invoices, read from
 * Stripe; and cancelling at the end of the period (with the member's reason) or resuming before
 * it. A change goes to Stripe first, then the local subscription, the audit row (the member as
 * the one who acted) and the confirmation e-mail are written in one transaction.
 */
@Injectable()
export class MemberBillingService {
  private readonly logger = new Logger(MemberBillingService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly subscriptions: SubscriptionsService,
    private readonly cancellation: PeriodEndCancellationService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
  ) {}

  async billing(accountId: string): Promise<MemberBillingView> {
    return this.answer(await this.member(accountId));
  }

  async cancel(accountId: string, form: CancelOwnSubscriptionDto): Promise<MemberBillingView> {
    const user = await this.member(accountId);
    const row = await this.liveSubscription(user, 'cancel');
    if (row.cancel_at_period_end)
      throw billingErrors.alreadyEnding(longDate(row.current_period_end));
    const comment = form.comment?.trim() || null;
    const asked = createHash('sha256')
      .update(`${form.reason}\n${comment ?? ''}`)
      .digest('hex')
      .slice(0, 16);
    await this.atStripe('cancel', user, () =>
      this.cancellation.cancel(
        row.stripe_subscription_id,
        `member-cancel:${row.id}:${row.updated_at.getTime()}:${asked}`,
        { feedback: STRIPE_FEEDBACK[form.reason], comment: comment ?? '' },
      ),
    );
    await this.dataSource.transaction(async (manager) => {
      await this.subscriptions.sync(row.stripe_subscription_id, manager);
      const after = await manager.getRepository(SubscriptionEntity).findOneByOrFail({ id: row.id });
      await this.audit.record(manager, {
        adminId: user.id,
        type: 'member_cancel_subscription',
        targetUserId: user.id,
        details: {
          description: cancellationDescription(form.reason, comment),
          old_values: { cancel_at_period_end: row.cancel_at_period_end },
          new_values: {
            cancel_at_period_end: after.cancel_at_period_end,
            cancellation_reason: form.reason,
            cancellation_comment: comment,
            ends_at: after.current_period_end,
          },
        },
      });
      await this.mail.enqueue(manager, {
        to: user.email,
        template: 'subscription-cancelled',
        data: {
          firstName: user.first_name || undefined,
          endDate: longDate(after.current_period_end) ?? 'the end of your billing period',
          link: SETTINGS_LINK,
        },
        userId: user.id,
      });
    });
    return this.answer(user);
  }

  async resume(accountId: string): Promise<MemberBillingView> {
    const user = await this.member(accountId);
    const row = await this.liveSubscription(user, 'resume');
    if (!row.cancel_at_period_end) throw billingErrors.notEnding();
    await this.atStripe('resume', user, () =>
      this.cancellation.resume(
        row.stripe_subscription_id,
        `member-resume:${row.id}:${row.updated_at.getTime()}`,
      ),
    );
    await this.dataSource.transaction(async (manager) => {
      await this.subscriptions.sync(row.stripe_subscription_id, manager);
      const after = await manager.getRepository(SubscriptionEntity).findOneByOrFail({ id: row.id });
      await this.audit.record(manager, {
        adminId: user.id,
        type: 'member_resume_subscription',
        targetUserId: user.id,
        details: {
          description: 'Resumed their subscription before it ended',
          old_values: { cancel_at_period_end: row.cancel_at_period_end },
          new_values: { cancel_at_period_end: after.cancel_at_period_end },
        },
      });
      await this.mail.enqueue(manager, {
        to: user.email,
        template: 'subscription-resumed',
        data: {
          firstName: user.first_name || undefined,
          renewalDate: longDate(after.current_period_end) ?? undefined,
          link: SETTINGS_LINK,
        },
        userId: user.id,
      });
    });
    return this.answer(user);
  }

  /**
   * The answer of every route. A member who never subscribed (or whose customer has no
   * subscription) is on the free plan with status `none`, or on their complimentary plan while
   * it lasts (status `complimentary`), and has no invoices to show; a cancelled subscription keeps
   * its invoices.
   */
  private async answer(user: UserEntity): Promise<MemberBillingView> {
    if (!user.stripe_subscription_id) {
      const complimentary =
        !!user.complimentary_plan &&
        (!user.complimentary_expires_at || user.complimentary_expires_at > new Date());
      return {
        plan: complimentary ? user.complimentary_plan! : 'free',
        status: complimentary ? 'complimentary' : 'none',
        current_period_end: complimentary ? user.complimentary_expires_at : null,
        cancel_at_period_end: false,
        next_invoice: null,
        founding_transition: null,
        invoices: [],
      };
    }
    const subscriptionId = user.stripe_subscription_id;
    return this.atStripe('read', user, async () => {
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
      const item = subscription.items.data[0];
      const [invoices, nextInvoice, foundingTransition] = await Promise.all([
        this.invoices(idOf(subscription.customer)!),
        this.nextInvoice(subscription),
        this.foundingTransition(subscription),
      ]);
      return {
        plan: item ? this.planCode(item.price.id) : 'unknown',
        status: subscription.status,
        current_period_end: item?.current_period_end ? fromUnix(item.current_period_end) : null,
        cancel_at_period_end: subscription.cancel_at_period_end,
        next_invoice: nextInvoice,
        founding_transition: foundingTransition,
        invoices,
      };
    });
  }

  /** The customer's newest invoices; drafts (not yet final, no page to show) are left out. */
  private async invoices(customerId: string): Promise<MemberInvoice<Date>[]> {
    const page = await this.stripe.invoices.list({ customer: customerId, limit: INVOICES_SHOWN });
    return page.data
      .filter((invoice) => invoice.status !== 'draft' && invoice.id)
      .map((invoice) => ({
        id: invoice.id!,
        amount_cents: invoice.amount_due,
        status: invoice.status ?? 'open',
        date: fromUnix(invoice.effective_at ?? invoice.created),
        receipt_url: invoice.hosted_invoice_url ?? null,
      }));
  }

  /** Stripe's preview of the next renewal; none for a subscription that ends or has ended. */
  private async nextInvoice(
    subscription: Stripe.Subscription,
  ): Promise<MemberBillingView['next_invoice']> {
    if (!LIVE.includes(subscription.status) || subscription.cancel_at_period_end) return null;
    try {
      const preview = await this.stripe.invoices.createPreview({
        customer: idOf(subscription.customer)!,
        subscription: subscription.id,
      });
      return {
        amount_cents: preview.amount_due,
        date: fromUnix(preview.next_payment_attempt ?? preview.period_end),
      };
    } catch (error) {
      if ((error as { code?: string }).code === 'invoice_upcoming_none') return null;
      throw error;
    }
  }

  /** A founding subscription's scheduled move after the founding period (founding-transition.ts). */
  private async foundingTransition(
    subscription: Stripe.Subscription,
  ): Promise<MemberBillingView['founding_transition']> {
    const transition = await foundingTransitionOf(
      this.stripe,
      this.config.stripe.prices,
      subscription,
    );
    return transition && { date: transition.date, price_cents: transition.price_cents };
  }

  /** The member's subscription that still runs, read back from Stripe if not recorded yet. */
  private async liveSubscription(
    user: UserEntity,
    action: 'cancel' | 'resume',
  ): Promise<SubscriptionEntity> {
    const subscriptionId = user.stripe_subscription_id;
    if (!subscriptionId) throw billingErrors.noSubscription(action);
    const rows = this.dataSource.getRepository(SubscriptionEntity);
    let row = await rows.findOneBy({ stripe_subscription_id: subscriptionId });
    if (!row) {
      await this.atStripe('read', user, () =>
        this.dataSource.transaction((manager) => this.subscriptions.sync(subscriptionId, manager)),
      );
      row = await rows.findOneByOrFail({ stripe_subscription_id: subscriptionId });
    }
    if (!LIVE.includes(row.status)) throw billingErrors.noSubscription(action);
    return row;
  }

  /** A Stripe call whose failure is logged and answered as a 502 with the member's words. */
  private async atStripe<T>(
    action: 'read' | 'cancel' | 'resume',
    user: UserEntity,
    call: () => Promise<T>,
  ): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppException) throw error;
      this.logger.error(
        `Member billing ${action} for ${user.id} failed at Stripe: ${(error as Error).message}`,
      );
      throw billingErrors.stripeFailed(
        action === 'read'
          ? 'We could not load your billing details. Please try again.'
          : `We could not ${action} your subscription. Please try again.`,
      );
    }
  }

  private planCode(priceId: string): string {
    return (
      Object.entries(this.config.stripe.prices).find(([, id]) => id === priceId)?.[0] ?? priceId
    );
  }

  private async member(accountId: string): Promise<UserEntity> {
    const user = await this.dataSource
      .getRepository(UserEntity)
      .findOneBy({ auth_user_id: accountId });
    if (!user) throw billingErrors.profileNotFound();
    return user;
  }
}
