import { Column, Entity } from 'typeorm';
import type { PlanLimits } from '@leadpulse/common';
import { TimestampedEntity } from '../database/timestamped.entity.js';

/** The plan catalogue of member-site.md section 9, seeded by migration. */
@Entity('plans')
export class PlanEntity extends TimestampedEntity {
  /** prospector, networker, rainmaker or founding_member. */
  @Column({ type: 'varchar', length: 32, unique: true })
  code: string;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'integer' })
  price_cents: number;

  @Column({ type: 'varchar', length: 3, default: 'usd' })
  currency: string;

  @Column({ type: 'varchar', length: 8, default: 'month' })
  interval: string;

  @Column({ type: 'integer', default: 1 })
  interval_count: number;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'varchar', length: 16 })
  emoji: string;

  @Column({ type: 'varchar', length: 16 })
  color: string;

  @Column({ type: 'jsonb', default: [] })
  features: string[];

  @Column({ type: 'jsonb' })
  limits: PlanLimits;

  /** Filled from configuration (STRIPE_PRICE_*) at start. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  stripe_price_id: string | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'integer', default: 0 })
  sort_order: number;
}
