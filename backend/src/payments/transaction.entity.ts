import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** One payment (a Stripe invoice and its charge), upserted on the invoice id. */
@Entity('transactions')
export class TransactionEntity extends TimestampedEntity {
  @Index('transactions_user_id_idx')
  @Column({ type: 'uuid', nullable: true })
  user_id: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<UserEntity> | null;

  @Index('transactions_stripe_customer_id_idx')
  @Column({ type: 'varchar', length: 255 })
  stripe_customer_id: string;

  @Column({ type: 'varchar', length: 255, nullable: true, unique: true })
  stripe_invoice_id: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true, unique: true })
  stripe_charge_id: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripe_subscription_id: string | null;

  @Column({ type: 'integer' })
  amount_cents: number;

  @Column({ type: 'integer', default: 0 })
  amount_refunded_cents: number;

  @Column({ type: 'varchar', length: 3, default: 'usd' })
  currency: string;

  /** succeeded, pending, failed, refunded. */
  @Column({ type: 'varchar', length: 32 })
  status: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  @Column({ type: 'text', nullable: true })
  receipt_url: string | null;

  /** When Stripe took (or tried to take) the payment. */
  @Column({ type: 'timestamptz', nullable: true })
  paid_at: Date | null;

  /** Each refund of the payment with its time, so that refunds count in the month they happened. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  refunds: TransactionRefund[];
}

/** One refund of a payment (succeeded or on its way back). */
export interface TransactionRefund {
  id: string;
  amount_cents: number;
  /** ISO time of the refund at Stripe. */
  refunded_at: string;
}
