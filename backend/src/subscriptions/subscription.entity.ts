import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** A Stripe subscription as we last read it from Stripe (upserted on its id). */
@Entity('subscriptions')
export class SubscriptionEntity extends TimestampedEntity {
  @Column({ type: 'varchar', length: 255, unique: true })
  stripe_subscription_id: string;

  @Index('subscriptions_stripe_customer_id_idx')
  @Column({ type: 'varchar', length: 255 })
  stripe_customer_id: string;

  @Index('subscriptions_user_id_idx')
  @Column({ type: 'uuid', nullable: true })
  user_id: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<UserEntity> | null;

  /** The catalogue code of the price (prospector, founding_member, …), or the price id if unknown. */
  @Column({ type: 'varchar', length: 64 })
  plan_name: string;

  /** How it bills: "monthly", "every 3 months". */
  @Column({ type: 'varchar', length: 32 })
  plan_type: string;

  @Index('subscriptions_status_idx')
  @Column({ type: 'varchar', length: 32 })
  status: string;

  @Column({ type: 'integer' })
  amount_cents: number;

  @Column({ type: 'timestamptz', nullable: true })
  current_period_end: Date | null;

  @Column({ type: 'boolean', default: false })
  cancel_at_period_end: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  canceled_at: Date | null;
}
