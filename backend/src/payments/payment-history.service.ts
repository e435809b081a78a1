import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PaymentHistory } from '@leadpulse/common';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { AppException } from '../common/app.exception.js';
import { findUser } from '../users/find-user.js';
import { toPaymentMethodRecord, toPaymentRecord } from './payment.mapper.js';
import { PaymentMethodEntity } from './payment-method.entity.js';
import { paymentsErrors } from './payments.errors.js';
import { PaymentsService } from './payments.service.js';
import { TransactionEntity } from './transaction.entity.js';

/** A user's payments and cards as the back office shows them, synced from Stripe on demand. */
@Injectable()
export class PaymentHistoryService {
  private readonly logger = new Logger(PaymentHistoryService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly payments: PaymentsService,
    private readonly audit: AuditService,
  ) {}

  /** Payments and cards; a customer with no payments recorded is synced from Stripe first. */
  async history(id: string): Promise<PaymentHistory<Date>> {
    const user = await findUser(this.dataSource.manager, id);
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
  async syncHistory(adminId: string, id: string): Promise<PaymentHistory<Date>> {
    const user = await findUser(this.dataSource.manager, id);
    if (!user.stripe_customer_id) throw paymentsErrors.noCustomer();
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
      this.logger.error(`Payment history sync for ${user.id} failed: ${(error as Error).message}`);
      throw paymentsErrors.stripeFailed('Failed to sync payment history from Stripe');
    }
    return this.read(user.id);
  }

  /** The stored payments (newest first) and cards (the default first). */
  async read(userId: string): Promise<PaymentHistory<Date>> {
    const [payment_methods, transactions] = await Promise.all([
      this.dataSource
        .getRepository(PaymentMethodEntity)
        .find({ where: { user_id: userId }, order: { is_default: 'DESC', created_at: 'DESC' } }),
      this.dataSource
        .getRepository(TransactionEntity)
        .find({ where: { user_id: userId }, order: { paid_at: 'DESC', created_at: 'DESC' } }),
    ]);
    return {
      payment_methods: payment_methods.map(toPaymentMethodRecord),
      transactions: transactions.map(toPaymentRecord),
    };
  }
}
