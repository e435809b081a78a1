import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { UserEntity } from '../users/user.entity.js';

/**
 * One change of a subscription's status, plan, price, quantity or discount as Stripe reported
 * it, written once per Stripe event (or per step the backfill rebuilt), with its monthly
 * recurring revenue. Append-only: the revenue metrics read a subscription's state at any moment
 * from its latest row before that moment.
 */
@Entity('subscription_history')
@Index('subscription_history_subscription_idx', ['stripe_subscription_id', 'effective_at'])
export class SubscriptionHistoryEntity extends TimestampedEntity {
  /** The Stripe event that reported the change (`backfill:…` for a rebuilt step): once each. */
  @Column({ type: 'varchar', length: 255, unique: true })
  stripe_event_id: string;

  /** The event's type (`customer.subscription.updated`), or `backfill`. */
  @Column({ type: 'varchar', length: 64 })
  stripe_event_type: string;

  @Column({ type: 'varchar', length: 255 })
  stripe_subscription_id: string;

  @ManyToOne(() => SubscriptionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'stripe_subscription_id', referencedColumnName: 'stripe_subscription_id' })
  subscription?: Relation<SubscriptionEntity>;

  @Index('subscription_history_customer_idx')
  @Column({ type: 'varchar', length: 255 })
  stripe_customer_id: string;

  @Index('subscription_history_user_id_idx')
  @Column({ type: 'uuid', nullable: true })
  user_id: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<UserEntity> | null;

  /** When the change happened at Stripe (the event's time), not when we heard of it. */
  @Column({ type: 'timestamptz' })
  effective_at: Date;

  /** Stripe's status word (`active`, `past_due`, `canceled`, …). */
  @Column({ type: 'varchar', length: 32 })
  status: string;

  /** The catalogue code of the price (prospector, founding_member, …), or the price id if unknown. */
  @Column({ type: 'varchar', length: 64 })
  plan_name: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripe_price_id: string | null;

  @Column({ type: 'integer', default: 1 })
  quantity: number;

  /** The price per unit and interval, in cents. */
  @Column({ type: 'integer', default: 0 })
  unit_amount_cents: number;

  /** `day`, `week`, `month` or `year`, every `interval_count`. */
  @Column({ type: 'varchar', length: 8, default: 'month' })
  billing_interval: string;

  @Column({ type: 'integer', default: 1 })
  interval_count: number;

  /** The start of the period the subscription was in: orders changes made in the same second. */
  @Column({ type: 'timestamptz', nullable: true })
  current_period_start: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  coupon_id: string | null;

  @Column({ type: 'numeric', precision: 5, scale: 2, nullable: true })
  discount_percent_off: string | null;

  @Column({ type: 'integer', nullable: true })
  discount_amount_off_cents: number | null;

  /** `once`, `repeating` or `forever`. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  discount_duration: string | null;

  /** When a repeating coupon stops applying. */
  @Column({ type: 'timestamptz', nullable: true })
  discount_ends_at: Date | null;

  /** Monthly recurring revenue from `effective_at`, with the discount while it applies. */
  @Column({ type: 'integer' })
  mrr_cents: number;

  /** Monthly recurring revenue once the discount has ended (equal to mrr_cents without one). */
  @Column({ type: 'integer' })
  undiscounted_mrr_cents: number;

  /** `webhook` or `backfill`. */
  @Column({ type: 'varchar', length: 16 })
  source: string;
}
