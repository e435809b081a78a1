import type { SubscriberStatus } from '@leadpulse/common';
import { Check, Column, Entity, Index } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';

export const SUBSCRIBER_SOURCES = [
  'waitlist',
  'newsletter',
  'founding_member',
  'manual',
  'import',
] as const;
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number];

/** Newsletter subscribers; the waitlist is the source `waitlist`. */
@Entity('newsletter_subscriptions')
@Check(
  'newsletter_subscriptions_status_check',
  `"status" IN ('active', 'unsubscribed', 'bounced', 'pending')`,
)
@Index('newsletter_subscriptions_created_at_idx', ['created_at'])
export class NewsletterSubscriptionEntity extends TimestampedEntity {
  @Column({ type: 'citext', unique: true })
  email: string;

  @Column({ type: 'varchar', length: 16, default: 'active' })
  status: SubscriberStatus;

  @Column({ type: 'varchar', length: 32 })
  source: SubscriberSource;

  @Column({ type: 'varchar', length: 100, nullable: true })
  first_name: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  last_name: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  confirmed_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  last_email_sent_at: Date | null;
}
