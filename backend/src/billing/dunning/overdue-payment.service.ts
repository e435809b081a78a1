import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { formatUsd } from '@leadpulse/common';
import { AuditService } from '../../audit/audit.service.js';
import { PaymentsService } from '../../payments/payments.service.js';
import { idOf } from '../../stripe/stripe-ids.js';
import { STRIPE } from '../../stripe/stripe.client.js';
import { UserEntity } from '../../users/user.entity.js';
import { UsersService, type OwnMemberView } from '../../users/users.service.js';
import { billingErrors } from '../billing.errors.js';
import { DunningInvoiceEntity } from './dunning-invoice.entity.js';
import { DunningService } from './dunning.service.js';

/** Stripe's answers that mean the invoice is no longer there to pay. */
const NOT_PAYABLE = ['invoice_already_paid', 'invoice_not_open'];

/**
 * The member pays their unpaid renewal now, with the card on file: what Settings does on the way
 * back from Update payment method, rather than waiting for Stripe's next retry. The attempt goes
 * to Stripe first (its idempotency key names the invoice, the card and the attempts so far, so a
 * second click replays the first answer instead of charging again); then the payment, the
 * invoice's dunning and, when it paid, the audit row (the member as the one who acted) are written
 * in one transaction, and the member's record answers with the payment issue as it now stands.
 */
@Injectable()
export class OverduePaymentService {
  private readonly logger = new Logger(OverduePaymentService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly payments: PaymentsService,
    private readonly dunning: DunningService,
    private readonly audit: AuditService,
    private readonly users: UsersService,
  ) {}

  async pay(accountId: string): Promise<OwnMemberView> {
    const user = await this.dataSource
      .getRepository(UserEntity)
      .findOneBy({ auth_user_id: accountId });
    if (!user) throw billingErrors.profileNotFound();
    const row = user.stripe_subscription_id
      ? await this.dataSource.getRepository(DunningInvoiceEntity).findOne({
          where: { stripe_subscription_id: user.stripe_subscription_id, status: 'open' },
          order: { first_failed_at: 'ASC' },
        })
      : null;
    if (!row) throw billingErrors.noPaymentDue();

    let declined = false;
    let paidNow = false;
    let invoice: Stripe.Invoice;
    try {
      const customer = await this.stripe.customers.retrieve(row.stripe_customer_id);
      const card = customer.deleted
        ? null
        : idOf(customer.invoice_settings?.default_payment_method);
      invoice = await this.stripe.invoices.pay(
        row.stripe_invoice_id,
        {},
        { idempotencyKey: `member-pay:${row.stripe_invoice_id}:${card}:${row.attempt_count}` },
      );
      paidNow = invoice.status === 'paid';
    } catch (error) {
      const { code, type } = error as { code?: string; type?: string };
      if (type === 'StripeCardError') declined = true;
      else if (!NOT_PAYABLE.includes(code ?? '')) {
        this.logger.error(
          `Paying invoice ${row.stripe_invoice_id} for ${user.id} failed at Stripe: ${String(error)}`,
        );
        throw billingErrors.stripeFailed('We could not take the payment. Please try again.');
      }
      invoice = await this.stripe.invoices.retrieve(row.stripe_invoice_id);
    }

    await this.dataSource.transaction(async (manager) => {
      await this.payments.syncInvoice(invoice.id!, manager);
      await this.dunning.settle(invoice, manager);
      if (paidNow)
        await this.audit.record(manager, {
          adminId: user.id,
          type: 'member_pay_invoice',
          targetUserId: user.id,
          details: {
            description: `Paid the overdue invoice of ${formatUsd(invoice.amount_paid)} with the card on file`,
            old_values: { invoice_status: 'open' },
            new_values: { invoice_status: 'paid', stripe_invoice_id: invoice.id },
          },
        });
    });
    if (declined) throw billingErrors.paymentDeclined();
    return this.users.me(accountId);
  }
}
