import { Column, Entity, Index } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';

/** Every Stripe event received, stored before it is processed (once, whatever the deliveries). */
@Entity('stripe_events')
@Index('stripe_events_processed_created_at_idx', ['processed', 'created_at'])
export class StripeEventEntity extends TimestampedEntity {
  @Column({ type: 'varchar', length: 255, unique: true })
  stripe_event_id: string;

  @Index('stripe_events_event_type_idx')
  @Column({ type: 'varchar', length: 100 })
  event_type: string;

  @Column({ type: 'jsonb' })
  event_data: Record<string, unknown>;

  @Column({ type: 'boolean', default: false })
  processed: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  processed_at: Date | null;

  @Column({ type: 'text', nullable: true })
  error_message: string | null;

  /** Processing attempts, including failed ones. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;
}
