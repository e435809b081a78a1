import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import type { MemberPlan, PlanPreview } from '@leadpulse/common';
import { billingErrors } from './billing.errors.js';
import { AppConfig } from '../config/app-config.js';
import { PaymentsService } from '../payments/payments.service.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { creationKey } from '../stripe/idempotency-key.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { PlanChangesService } from '../subscriptions/plan-changes.service.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { UserEntity } from '../users/user.entity.js';
import type { MemberView } from '../users/users.service.js';
import { idOf } from '../stripe/stripe-ids.js';
import { UserWritesService } from '../users/user-writes.service.js';

/** Subscriptions a member can be said to have (a new checkout would be a second one). */
const PAYING = ['active', 'trialing', 'past_due', 'unpaid'];
const CHECKOUT_MINUTES = 30;

/** The member's own billing: plans by Checkout, plan changes, and the customer portal. */
@Injectable()
export class BillingService {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly subscriptions: SubscriptionsService,
    private readonly payments: PaymentsService,
    private readonly plans: PlanChangesService,
    private readonly rateLimits: RateLimitService,
    private readonly userWrites: UserWritesService,
  ) {}

  /** `checkout.session.completed`: a member's own checkout from Settings. */
  async onCheckoutCompleted(event: Stripe.Event, manager: EntityManager): Promise<void> {
    await this.completed(event.data.object as Stripe.Checkout.Session, manager);
  }

  /** A Stripe customer-portal session for the member's own customer (Manage Billing). */
  async portal(accountId: string): Promise<{ url: string }> {
    const user = await this.member(accountId);
    if (!user.stripe_customer_id) throw billingErrors.noBillingAccount();
    const session = await this.stripe.billingPortal.sessions.create({
      customer: user.stripe_customer_id,
      return_url: `${this.config.appUrl}/dashboard/settings?tab=subscription`,
    });
    return { url: session.url };
  }

  /**
   * The customer portal opened on its payment method page (Update payment method): once the card
   * is saved, Stripe sends the member back to Settings, which then charges the unpaid invoice.
   */
  async paymentMethodPortal(accountId: string): Promise<{ url: string }> {
    const user = await this.member(accountId);
    if (!user.stripe_customer_id) throw billingErrors.noBillingAccount();
    const settings = `${this.config.appUrl}/dashboard/settings?tab=subscription`;
    const session = await this.stripe.billingPortal.sessions.create({
      customer: user.stripe_customer_id,
      return_url: settings,
      flow_data: {
        type: 'payment_method_update',
        after_completion: {
          type: 'redirect',
          redirect: { return_url: `${settings}&payment_method=updated` },
        },
      },
    });
    return { url: session.url };
  }

  /**
   * Subscribing to a monthly plan: a Checkout Session for the member's Stripe customer, recorded
   * on the member only when the checkout completes.
   */
  async checkout(accountId: string, plan: MemberPlan, ip: string): Promise<{ url: string }> {
    await this.rateLimits.consume('checkout', ip);
    const user = await this.member(accountId);
    if (user.stripe_subscription_id && PAYING.includes(user.subscription_status ?? ''))
      throw billingErrors.alreadySubscribed();
    try {
      const customerId = user.stripe_customer_id ?? (await this.createCustomer(user));
      const session = await this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        line_items: [{ price: this.config.stripe.prices[plan], quantity: 1 }],
        allow_promotion_codes: true,
        expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_MINUTES * 60,
        success_url: `${this.config.appUrl}/dashboard/settings?tab=subscription&checkout=success`,
        cancel_url: `${this.config.appUrl}/dashboard/settings?tab=subscription`,
        client_reference_id: user.id,
        metadata: { kind: 'plan', plan, user_id: user.id },
        subscription_data: { metadata: { kind: 'plan', plan, user_id: user.id } },
      });
      return { url: session.url! };
    } catch {
      throw billingErrors.checkoutFailed();
    }
  }

  /**
   * The member's Stripe customer, made once for the same details: the key names the member and
   * the details, so a retry reuses the customer and a member renamed since gets a new one.
   */
  private async createCustomer(user: UserEntity): Promise<string> {
    const params = {
      email: user.email,
      name: `${user.first_name} ${user.last_name}`.trim() || undefined,
      metadata: { user_id: user.id },
    };
    const customer = await this.stripe.customers.create(params, {
      idempotencyKey: creationKey(`member-customer:${user.id}`, params),
    });
    return customer.id;
  }

  /** A paying member moves between the monthly plans (prorated, or after the founding period). */
  async changePlan(accountId: string, plan: MemberPlan): Promise<MemberView> {
    const user = await this.member(accountId);
    if (!user.stripe_subscription_id || !PAYING.includes(user.subscription_status ?? ''))
      throw billingErrors.noPlanToChange();
    return this.plans.changePlan(null, user.id, { plan });
  }

  /** What moving to `plan` would charge now (Stripe's proration preview); nothing changes. */
  async previewPlan(accountId: string, plan: MemberPlan): Promise<PlanPreview> {
    const user = await this.member(accountId);
    if (!user.stripe_subscription_id || !PAYING.includes(user.subscription_status ?? ''))
      throw billingErrors.noPlanToChange();
    return this.plans.preview(user.id, plan);
  }

  /** A paid plan checkout: the member's customer and subscription, and their plan. */
  private async completed(session: Stripe.Checkout.Session, manager: EntityManager): Promise<void> {
    if (session.metadata?.kind !== 'plan' || !session.metadata.user_id) return;
    const customerId = idOf(session.customer);
    const subscriptionId = idOf(session.subscription);
    if (!customerId || !subscriptionId) return;
    const user = await manager.getRepository(UserEntity).findOne({
      where: { id: session.metadata.user_id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!user) return;
    if (user.stripe_subscription_id !== subscriptionId)
      await this.userWrites.recordPlanCheckout(manager, user.id, { customerId, subscriptionId });
    await this.payments.linkCustomer(manager, user.id, customerId);
    await this.subscriptions.sync(subscriptionId, manager);
  }

  private async member(accountId: string): Promise<UserEntity> {
    const user = await this.dataSource
      .getRepository(UserEntity)
      .findOneBy({ auth_user_id: accountId });
    if (!user) throw billingErrors.profileNotFound();
    return user;
  }
}
