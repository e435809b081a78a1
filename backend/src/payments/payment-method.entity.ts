import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** A card on file at Stripe, as last synced (upserted on the payment method id). */
@Entity('payment_methods')
export class PaymentMethodEntity extends TimestampedEntity {
  @Index('payment_methods_user_id_idx')
  @Column({ type: 'uuid', nullable: true })
  user_id: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<UserEntity> | null;

  @Index('payment_methods_stripe_customer_id_idx')
  @Column({ type: 'varchar', length: 255 })
  stripe_customer_id: string;

  @Column({ type: 'varchar', length: 255, unique: true })
  stripe_payment_method_id: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  card_brand: string | null;

  @Column({ type: 'varchar', length: 4, nullable: true })
  card_last4: string | null;

  @Column({ type: 'integer', nullable: true })
  card_exp_month: number | null;

  @Column({ type: 'integer', nullable: true })
  card_exp_year: number | null;

  @Column({ type: 'boolean', default: false })
  is_default: boolean;
}
