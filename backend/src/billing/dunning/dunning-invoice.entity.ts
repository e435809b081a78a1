import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../database/timestamped.entity.js';
import { UserEntity } from '../../users/user.entity.js';

/**
 * A renewal invoice whose payment failed, as Stripe last showed it: when it first failed, until
 * when the member keeps their plan, and which of the dunning e-mails went out (each once, marked
 * in the transaction that queues it).
 */
@Entity('dunning_invoices')
@Index('dunning_invoices_subscription_idx', ['stripe_subscription_id', 'status'])
export class DunningInvoiceEntity extends TimestampedEntity {
  @Column({ type: 'varchar', length: 255, unique: true })
  stripe_invoice_id: string;

  @Column({ type: 'varchar', length: 255 })
  stripe_subscription_id: string;

  @Column({ type: 'varchar', length: 255 })
  stripe_customer_id: string;

  @Index('dunning_invoices_user_id_idx')
  @Column({ type: 'uuid', nullable: true })
  user_id: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<UserEntity> | null;

  /** Stripe's status of the invoice: open until paid (or voided, or written off). */
  @Column({ type: 'varchar', length: 16 })
  status: string;

  @Column({ type: 'integer' })
  amount_cents: number;

  /** The first failed attempt: when Stripe finalized the invoice and charged it. */
  @Column({ type: 'timestamptz' })
  first_failed_at: Date;

  /** The end of the grace period (BILLING_GRACE_DAYS after the first failure, as then set). */
  @Column({ type: 'timestamptz' })
  grace_ends_at: Date;

  /** Stripe's next retry; null once it has stopped trying. */
  @Column({ type: 'timestamptz', nullable: true })
  next_payment_attempt: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempt_count: number;

  /**
   * The Stripe test clock the invoice is billed on, if any: its time, not ours, says when the
   * grace period is over.
   */
  @Column({ type: 'varchar', length: 255, nullable: true })
  stripe_test_clock: string | null;

  /** When the grace period was seen to be over (on the invoice's clock); null before. */
  @Column({ type: 'timestamptz', nullable: true })
  blocked_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  paid_at: Date | null;

  /** "Your payment failed", once. */
  @Column({ type: 'timestamptz', nullable: true })
  failed_email_sent_at: Date | null;

  /** "Payment received", once, and only after the first. */
  @Column({ type: 'timestamptz', nullable: true })
  recovered_email_sent_at: Date | null;

  /** "Your subscription has ended", once, when Stripe cancelled the subscription it could not charge. */
  @Column({ type: 'timestamptz', nullable: true })
  ended_email_sent_at: Date | null;
}
