import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { formatUsd } from '@leadpulse/common';
import { AuditService } from '../audit/audit.service.js';
import { recordBillingChange } from '../audit/billing-audit.js';
import { AppException } from '../common/app.exception.js';
import { AppConfig } from '../config/app-config.js';
import { PaymentMethodEntity } from '../payments/payment-method.entity.js';
import { PaymentsService } from '../payments/payments.service.js';
import { TransactionEntity } from '../payments/transaction.entity.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { UserEntity, type BillingAddress } from '../users/user.entity.js';
import { toMemberView, type MemberView } from '../users/users.service.js';
import type { ChangePlanDto, RefundDto, UpdateBillingDto } from './dto/billing.dto.js';
import { idOf } from '../stripe/stripe-ids.js';
import { isUuid } from '../common/ids.js';

export interface PaymentHistory {
  payment_methods: PaymentMethodEntity[];
  transactions: TransactionEntity[];
}

export const STRIPE_SYNC_WARNING = 'Database updated but Stripe sync failed';

const notFound = () => new AppException('not_found', 404, 'User not found.');
const noCustomer = () =>
  new AppException('no_customer', 409, 'This user has no Stripe customer yet.');
const stripeFailed = (message: string) => new AppException('stripe_failed', 502, message);

/**
 * The money actions of the user profile: payment history, billing information, refunds and plan
 * changes. Every Stripe call that changes something carries an idempotency key built from rows
 * we keep (so a retry after a lost answer acts once), and every change leaves an audit
 * row in the transaction that records it.
 */
@Injectable()
export class AdminBillingService {
  private readonly logger = new Logger(AdminBillingService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly payments: PaymentsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly audit: AuditService,
  ) {}

  /** Payments and cards; a customer with no payments recorded is synced from Stripe first. */
  async history(id: string): Promise<PaymentHistory> {
    const user = await this.find(this.dataSource.manager, id);
    if (
      user.stripe_customer_id &&
      (await this.dataSource.getRepository(TransactionEntity).countBy({ user_id: user.id })) === 0
    ) {
      try {
        await this.dataSource.transaction((manager) =>
          this.payments.syncCustomer(user.stripe_customer_id!, manager),
        );
      } catch (error) {
        this.logger.warn(`Payment history sync for ${user.id} failed: ${(error as Error).message}`);
      }
    }
    return this.read(user.id);
  }

  /** Refresh Payment History: invoices, charges and cards from Stripe, then the stored rows. */
  async syncHistory(adminId: string, id: string): Promise<PaymentHistory> {
    const user = await this.find(this.dataSource.manager, id);
    if (!user.stripe_customer_id) throw noCustomer();
    try {
      await this.dataSource.transaction(async (manager) => {
        await this.payments.syncCustomer(user.stripe_customer_id!, manager);
        await this.audit.record(manager, {
          adminId,
          type: 'sync_payment_history',
          targetUserId: user.id,
          details: { description: 'Synced payment history from Stripe' },
        });
      });
    } catch (error) {
      if (error instanceof AppException) throw error;
      throw stripeFailed('Failed to sync payment history from Stripe');
    }
    return this.read(user.id);
  }

  /**
   * Saves billing information, then updates the Stripe customer. The database change stands even
   * when Stripe fails; the answer then carries the spec's warning.
   */
  async updateBilling(
    adminId: string,
    id: string,
    form: UpdateBillingDto,
  ): Promise<{ user: MemberView; warning?: string }> {
    const { user, changeId } = await this.dataSource.transaction(async (manager) => {
      const before = await this.find(manager, id, true);
      const values = form.use_account_details
        ? { billing_name: null, billing_email: null, billing_phone: null, billing_address: null }
        : {
            billing_name: form.billing_name?.trim() || null,
            billing_email: form.billing_email?.trim().toLowerCase() || null,
            billing_phone: form.billing_phone?.trim() || null,
            billing_address: form.billing_address
              ? this.address(form.billing_address)
              : before.billing_address,
          };
      await manager.getRepository(UserEntity).update(id, values);
      const change = await recordBillingChange(manager, {
        userId: id,
        adminId,
        type: 'update_billing',
        reason: form.use_account_details
          ? 'Billing set to the account information'
          : 'Billing information updated',
        oldValues: {
          billing_name: before.billing_name,
          billing_email: before.billing_email,
          billing_phone: before.billing_phone,
          billing_address: before.billing_address,
        },
        newValues: values,
      });
      return { user: await this.find(manager, id), changeId: change };
    });
    if (!user.stripe_customer_id) return { user: toMemberView(user) };
    try {
      const address = user.billing_address;
      await this.stripe.customers.update(
        user.stripe_customer_id,
        {
          name: user.billing_name ?? (`${user.first_name} ${user.last_name}`.trim() || undefined),
          email: user.billing_email ?? user.email,
          phone: user.billing_phone ?? user.phone ?? '',
          address: address
            ? {
                line1: address.line1 ?? '',
                city: address.city ?? '',
                state: address.state ?? '',
                postal_code: address.postal_code ?? '',
                country: address.country ?? 'US',
              }
            : '',
        },
        { idempotencyKey: `billing:${changeId}` },
      );
      await this.dataSource.getRepository(UserEntity).update(id, { last_sync_at: new Date() });
      return { user: toMemberView(await this.find(this.dataSource.manager, id)) };
    } catch (error) {
      this.logger.warn(`Stripe customer update for ${id} failed: ${(error as Error).message}`);
      return { user: toMemberView(user), warning: STRIPE_SYNC_WARNING };
    }
  }

  /** Sync with Stripe: the customer's details, subscription and payments, and last_sync_at. */
  async stripeSync(adminId: string, id: string): Promise<MemberView> {
    const user = await this.find(this.dataSource.manager, id);
    if (!user.stripe_customer_id) throw noCustomer();
    let customer: Stripe.Customer | Stripe.DeletedCustomer;
    try {
      customer = await this.stripe.customers.retrieve(user.stripe_customer_id);
    } catch {
      throw stripeFailed('Failed to sync with Stripe');
    }
    if (customer.deleted) throw stripeFailed('Failed to sync with Stripe');
    return this.dataSource.transaction(async (manager) => {
      const values: Partial<UserEntity> = {
        billing_name: customer.name ?? null,
        billing_email: customer.email ?? null,
        billing_phone: customer.phone ?? null,
        billing_address: customer.address?.line1 ? this.address(customer.address) : null,
        last_sync_at: new Date(),
      };
      await manager.getRepository(UserEntity).update(id, values);
      if (user.stripe_subscription_id)
        await this.subscriptions.sync(user.stripe_subscription_id, manager);
      await this.payments.syncCustomer(user.stripe_customer_id!, manager);
      await this.audit.record(manager, {
        adminId,
        type: 'stripe_sync',
        targetUserId: id,
        details: {
          description: `Synced with Stripe customer ${user.stripe_customer_id}`,
          old_values: {
            billing_name: user.billing_name,
            billing_email: user.billing_email,
            billing_phone: user.billing_phone,
          },
          new_values: {
            billing_name: values.billing_name,
            billing_email: values.billing_email,
            billing_phone: values.billing_phone,
          },
        },
      });
      return toMemberView(await this.find(manager, id));
    });
  }

  /**
   * Process Refund: all or part of what is left on a payment, once per request id: retrying after
   * a lost answer refunds once.
   */
  async refund(adminId: string, id: string, form: RefundDto): Promise<PaymentHistory> {
    const user = await this.find(this.dataSource.manager, id);
    const payment = await this.dataSource
      .getRepository(TransactionEntity)
      .findOneBy({ id: form.transaction_id, user_id: user.id });
    if (!payment) throw new AppException('not_found', 404, 'Payment not found.');
    if (!payment.stripe_charge_id || !['succeeded', 'refunded'].includes(payment.status))
      throw new AppException('not_refundable', 409, 'Only a successful payment can be refunded.');
    const remaining = payment.amount_cents - payment.amount_refunded_cents;
    const amount = form.amount_cents ?? remaining;
    if (remaining <= 0)
      throw new AppException('not_refundable', 409, 'This payment has been refunded in full.');
    if (amount > remaining)
      throw new AppException(
        'refund_too_large',
        400,
        `The refund cannot be more than the ${formatUsd(remaining)} left on this payment.`,
      );
    // The client's request id, kept with the change, makes a retried submission refund once.
    const refundKey = `refund:${form.request_id ?? `${payment.id}:${payment.amount_refunded_cents}:${amount}`}`;
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        {
          charge: payment.stripe_charge_id,
          amount,
          ...(form.reason ? { reason: form.reason } : {}),
          metadata: { transaction_id: payment.id, admin_id: adminId },
        },
        { idempotencyKey: refundKey },
      );
    } catch (error) {
      const message = (error as { message?: string }).message ?? 'Stripe did not answer';
      throw stripeFailed(`The refund failed: ${message}`);
    }
    await this.dataSource.transaction(async (manager) => {
      if (payment.stripe_invoice_id)
        await this.payments.syncInvoice(payment.stripe_invoice_id, manager, {
          subscription: false,
        });
      const after = await manager
        .getRepository(TransactionEntity)
        .findOneByOrFail({ id: payment.id });
      await recordBillingChange(manager, {
        userId: user.id,
        adminId,
        type: 'process_refund',
        reason: `Refunded ${formatUsd(amount)} of ${formatUsd(payment.amount_cents)}${form.notes?.trim() ? `: ${form.notes.trim()}` : ''}`,
        oldValues: { amount_refunded_cents: payment.amount_refunded_cents, status: payment.status },
        newValues: {
          amount_refunded_cents: after.amount_refunded_cents,
          status: after.status,
          stripe_refund_id: refund.id,
          reason: form.reason ?? null,
          idempotency_key: refundKey,
        },
      });
    });
    return this.read(user.id);
  }

  /** What Change Subscription would charge now (Stripe's proration preview); nothing moves. */
  async previewPlan(
    id: string,
    plan: ChangePlanDto['plan'],
  ): Promise<{ amount_due_cents: number; credit_cents: number; after_founding: boolean }> {
    const user = await this.find(this.dataSource.manager, id);
    if (!user.stripe_subscription_id)
      throw new AppException('no_subscription', 409, 'This user has no subscription to change.');
    const subscription = await this.stripe.subscriptions.retrieve(user.stripe_subscription_id);
    const current = subscription.items.data[0];
    if (subscription.schedule && current?.price.id === this.config.stripe.prices.founding_member)
      return { amount_due_cents: 0, credit_cents: 0, after_founding: true };
    const preview = await this.stripe.invoices.createPreview({
      customer: idOf(subscription.customer)!,
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: current.id, price: this.config.stripe.prices[plan] }],
        proration_behavior: 'always_invoice',
      },
    });
    return {
      amount_due_cents: preview.amount_due,
      credit_cents: Math.max(0, -preview.total),
      after_founding: false,
    };
  }

  /**
   * Change Subscription between the monthly plans, with Stripe's proration. During the founding
   * schedule the founding phase stays and the later phase moves to the new plan.
   */
  async changePlan(adminId: string | null, id: string, form: ChangePlanDto): Promise<MemberView> {
    const user = await this.find(this.dataSource.manager, id);
    if (!user.stripe_subscription_id)
      throw new AppException('no_subscription', 409, 'This user has no subscription to change.');
    const price = this.config.stripe.prices[form.plan];
    const key = `change-plan:${form.request_id ?? `${user.stripe_subscription_id}:${user.updated_at.getTime()}:${form.plan}`}`;
    let description: string;
    try {
      const subscription = await this.stripe.subscriptions.retrieve(user.stripe_subscription_id);
      if (subscription.status === 'canceled')
        throw new AppException('no_subscription', 409, 'This subscription has been cancelled.');
      const scheduleId = idOf(subscription.schedule);
      const schedule = scheduleId
        ? await this.stripe.subscriptionSchedules.retrieve(scheduleId)
        : null;
      const current = subscription.items.data[0];
      if (
        schedule?.status === 'active' &&
        current?.price.id === this.config.stripe.prices.founding_member
      ) {
        const [founding, ...later] = schedule.phases;
        await this.stripe.subscriptionSchedules.update(
          schedule.id,
          {
            end_behavior: 'release',
            phases: [
              {
                items: [{ price: this.config.stripe.prices.founding_member, quantity: 1 }],
                start_date: founding.start_date,
                end_date: founding.end_date,
              },
              {
                items: [{ price, quantity: 1 }],
                ...(later[0]
                  ? { end_date: later[0].end_date }
                  : { duration: { interval: 'month' as const, interval_count: 1 } }),
              },
            ],
          },
          { idempotencyKey: key },
        );
        description = `After the founding period, moves to ${form.plan}${adminId ? '' : ' (chosen by the member)'}`;
      } else {
        if (current?.price.id === price)
          throw new AppException('same_plan', 409, `This subscription is already on ${form.plan}.`);
        await this.stripe.subscriptions.update(
          subscription.id,
          {
            items: [{ id: current.id, price }],
            proration_behavior: 'always_invoice',
          },
          { idempotencyKey: key },
        );
        description = `Changed plan to ${form.plan}, prorated${adminId ? '' : ' (chosen by the member)'}`;
      }
    } catch (error) {
      if (error instanceof AppException) throw error;
      throw stripeFailed(`The plan change failed: ${(error as Error).message}`);
    }
    return this.dataSource.transaction(async (manager) => {
      await this.subscriptions.sync(user.stripe_subscription_id!, manager);
      const after = await this.find(manager, id);
      await recordBillingChange(manager, {
        userId: id,
        adminId,
        type: 'change_subscription',
        reason: description,
        oldValues: { subscription_plan: user.subscription_plan },
        newValues: {
          subscription_plan: after.subscription_plan,
          requested_plan: form.plan,
          idempotency_key: key,
        },
      });
      return toMemberView(after);
    });
  }

  private address(address: BillingAddress | Stripe.Address): BillingAddress {
    return {
      line1: address.line1?.trim() || null,
      city: address.city?.trim() || null,
      state: address.state?.trim() || null,
      postal_code: address.postal_code?.trim() || null,
      country: address.country?.trim().toUpperCase() || 'US',
    };
  }

  private async read(userId: string): Promise<PaymentHistory> {
    const [payment_methods, transactions] = await Promise.all([
      this.dataSource
        .getRepository(PaymentMethodEntity)
        .find({ where: { user_id: userId }, order: { is_default: 'DESC', created_at: 'DESC' } }),
      this.dataSource
        .getRepository(TransactionEntity)
        .find({ where: { user_id: userId }, order: { paid_at: 'DESC', created_at: 'DESC' } }),
    ]);
    return { payment_methods, transactions };
  }

  private async find(manager: EntityManager, id: string, lock = false): Promise<UserEntity> {
    if (!isUuid(id)) throw notFound();
    const user = await manager.getRepository(UserEntity).findOne({
      where: { id },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!user) throw notFound();
    return user;
  }
}
