import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { formatUsd, type PaymentHistory } from '@leadpulse/common';
import { recordBillingChange } from '../audit/billing-audit.js';
import { STRIPE } from '../stripe/stripe.client.js';
import { findUser } from '../users/find-user.js';
import type { RefundDto } from './dto/billing.dto.js';
import { PaymentHistoryService } from './payment-history.service.js';
import { paymentsErrors } from './payments.errors.js';
import { PaymentsService } from './payments.service.js';
import { TransactionEntity } from './transaction.entity.js';

/** Process Refund: money back on a payment through Stripe, recorded with the payment's new state. */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger(RefundsService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly payments: PaymentsService,
    private readonly history: PaymentHistoryService,
  ) {}

  /**
   * All or part of what is left on a payment, once per request id: retrying after a lost answer
   * refunds once.
   */
  async refund(adminId: string, id: string, form: RefundDto): Promise<PaymentHistory<Date>> {
    const user = await findUser(this.dataSource.manager, id);
    const payment = await this.dataSource
      .getRepository(TransactionEntity)
      .findOneBy({ id: form.transaction_id, user_id: user.id });
    if (!payment) throw paymentsErrors.paymentNotFound();
    if (!payment.stripe_charge_id || !['succeeded', 'refunded'].includes(payment.status))
      throw paymentsErrors.notRefundable();
    const remaining = payment.amount_cents - payment.amount_refunded_cents;
    const amount = form.amount_cents ?? remaining;
    if (remaining <= 0) throw paymentsErrors.refundedInFull();
    if (amount > remaining) throw paymentsErrors.refundTooLarge(remaining);
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
      this.logger.error(`Refund of payment ${payment.id} failed at Stripe: ${message}`);
      throw paymentsErrors.stripeFailed(`The refund failed: ${message}`);
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
    return this.history.read(user.id);
  }
}
