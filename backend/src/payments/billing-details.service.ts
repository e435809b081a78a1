import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { recordBillingChange } from '../audit/billing-audit.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { findUser } from '../users/find-user.js';
import type { BillingAddress } from '../users/user.entity.js';
import { toMemberView, type MemberView } from '../users/users.service.js';
import { UserWritesService } from '../users/user-writes.service.js';
import type { UpdateBillingDto } from './dto/billing.dto.js';
import { STRIPE_SYNC_WARNING, paymentsErrors } from './payments.errors.js';
import { PaymentsService } from './payments.service.js';

function billingAddress(address: BillingAddress | Stripe.Address): BillingAddress {
  return {
    line1: address.line1?.trim() || null,
    city: address.city?.trim() || null,
    state: address.state?.trim() || null,
    postal_code: address.postal_code?.trim() || null,
    country: address.country?.trim().toUpperCase() || 'US',
  };
}

/**
 * A customer's billing information, ours and Stripe's: edited from the back office (then pushed
 * to the Stripe customer with an idempotency key from the audit row), or read back from Stripe.
 */
@Injectable()
export class BillingDetailsService {
  private readonly logger = new Logger(BillingDetailsService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly payments: PaymentsService,
    private readonly subscriptions: SubscriptionsService,
    private readonly audit: AuditService,
    private readonly userWrites: UserWritesService,
  ) {}

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
      const before = await findUser(manager, id, true);
      const values = form.use_account_details
        ? { billing_name: null, billing_email: null, billing_phone: null, billing_address: null }
        : {
            billing_name: form.billing_name?.trim() || null,
            billing_email: form.billing_email?.trim().toLowerCase() || null,
            billing_phone: form.billing_phone?.trim() || null,
            billing_address: form.billing_address
              ? billingAddress(form.billing_address)
              : before.billing_address,
          };
      await this.userWrites.setBillingDetails(manager, id, values);
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
      return { user: await findUser(manager, id), changeId: change };
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
      await this.userWrites.markSynced(this.dataSource.manager, id);
      return { user: toMemberView(await findUser(this.dataSource.manager, id)) };
    } catch (error) {
      this.logger.warn(`Stripe customer update for ${id} failed: ${(error as Error).message}`);
      return { user: toMemberView(user), warning: STRIPE_SYNC_WARNING };
    }
  }

  /** Sync with Stripe: the customer's details, subscription and payments, and last_sync_at. */
  async stripeSync(adminId: string, id: string): Promise<MemberView> {
    const user = await findUser(this.dataSource.manager, id);
    if (!user.stripe_customer_id) throw paymentsErrors.noCustomer();
    let customer: Stripe.Customer | Stripe.DeletedCustomer;
    try {
      customer = await this.stripe.customers.retrieve(user.stripe_customer_id);
    } catch (error) {
      this.logger.error(`Stripe sync for ${id} failed: ${(error as Error).message}`);
      throw paymentsErrors.stripeFailed('Failed to sync with Stripe');
    }
    if (customer.deleted) throw paymentsErrors.stripeFailed('Failed to sync with Stripe');
    return this.dataSource.transaction(async (manager) => {
      const values = {
        billing_name: customer.name ?? null,
        billing_email: customer.email ?? null,
        billing_phone: customer.phone ?? null,
        billing_address: customer.address?.line1 ? billingAddress(customer.address) : null,
        last_sync_at: new Date(),
      };
      await this.userWrites.setBillingDetails(manager, id, values);
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
      return toMemberView(await findUser(manager, id));
    });
  }
}
