import { Check, Column, Entity, Index } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';

export const PROMOTION_TYPES = ['percentage', 'fixed_amount'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** A promotion code buyers enter at checkout, kept in step with a Stripe coupon and promotion code. */
@Entity('promotions')
@Check('promotions_type_check', `"type" IN ('percentage', 'fixed_amount')`)
@Index('promotions_created_at_idx', ['created_at'])
export class PromotionEntity extends TimestampedEntity {
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'citext', unique: true })
  code: string;

  @Column({ type: 'varchar', length: 16 })
  type: PromotionType;

  /** Percent off (1–100) for percentage, cents off for fixed_amount. */
  @Column({ type: 'integer' })
  value: number;

  @Column({ type: 'integer', nullable: true })
  max_uses: number | null;

  /** Redemptions, as Stripe counts them. */
  @Column({ type: 'integer', default: 0 })
  current_uses: number;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  expires_at: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripe_coupon_id: string | null;

  @Index('promotions_stripe_promotion_code_id_idx')
  @Column({ type: 'varchar', length: 255, nullable: true })
  stripe_promotion_code_id: string | null;
}
