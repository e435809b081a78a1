import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToOne,
  type Relation,
} from 'typeorm';
import type { BillingAddress, NotificationPreferences } from '@leadpulse/common';
import { AuthAccountEntity } from '../auth/auth-account.entity.js';
import { TimestampedEntity } from '../database/timestamped.entity.js';
import { PlanEntity } from '../plans/plan.entity.js';

export type { BillingAddress, NotificationPreferences } from '@leadpulse/common';

/** The customer and profile record: every field of section 3 of both spec documents. */
@Entity('users')
@Check(
  'users_status_check',
  `"status" IN ('pending', 'paid', 'active', 'inactive', 'suspended', 'deleted')`,
)
// A deleted account is never linked to a sign-in account again; a trigger (in the migrations)
// keeps its status from changing back.
@Check('users_deleted_unlinked_check', `"status" <> 'deleted' OR "auth_user_id" IS NULL`)
@Index('users_created_at_idx', ['created_at'])
// Trigram indexes (gin_trgm_ops and a small pending list, written in the migrations) serve the
// admin search's ILIKE.
@Index('users_email_trgm_idx', { synchronize: false })
@Index('users_first_name_trgm_idx', { synchronize: false })
@Index('users_last_name_trgm_idx', { synchronize: false })
// Partial indexes of the expiry sweeps (written in the migrations).
@Index('users_promo_expiry_idx', { synchronize: false })
@Index('users_complimentary_expiry_idx', { synchronize: false })
export class UserEntity extends TimestampedEntity {
  @Column({ type: 'citext', unique: true })
  email: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  first_name: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  last_name: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  company: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  job_title: string | null;

  /** pending, paid (purchased, account not set up), active, inactive, suspended or deleted. */
  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: string;

  /** When an administrator suspended the account, why, and the status it goes back to. */
  @Column({ type: 'timestamptz', nullable: true })
  suspended_at: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  suspension_reason: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  status_before_suspension: string | null;

  /** When the member deleted their account; the row is anonymised then. */
  @Column({ type: 'timestamptz', nullable: true })
  deleted_at: Date | null;

  @Column({ type: 'boolean', default: false })
  is_admin: boolean;

  /** True only for founding-offer buyers (DESIGN decisions). */
  @Column({ type: 'boolean', default: false })
  founding_member: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  founding_member_purchased_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  founding_member_transitioned_at: Date | null;

  /** When the reminder that the founding period ends soon was sent (once per member). */
  @Column({ type: 'timestamptz', nullable: true })
  founding_reminder_sent_at: Date | null;

  /** Unique through the one-to-one relation below. */
  @Column({ type: 'uuid', nullable: true })
  auth_user_id: string | null;

  @OneToOne(() => AuthAccountEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'auth_user_id' })
  auth_account?: Relation<AuthAccountEntity> | null;

  @Column({ type: 'boolean', default: false })
  password_set: boolean;

  @Column({ type: 'varchar', length: 32, nullable: true })
  subscription_plan: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  subscription_status: string | null;

  @Column({ type: 'uuid', nullable: true })
  current_plan_id: string | null;

  @ManyToOne(() => PlanEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'current_plan_id' })
  current_plan?: Relation<PlanEntity> | null;

  @Column({ type: 'timestamptz', nullable: true })
  current_period_end: Date | null;

  @Column({ type: 'varchar', length: 255, nullable: true, unique: true })
  stripe_customer_id: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripe_subscription_id: string | null;

  @Column({ type: 'boolean', default: false })
  promo_active: boolean;

  @Column({ type: 'varchar', length: 32, nullable: true })
  promo_type: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  promo_expiration_date: Date | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  billing_name: string | null;

  @Column({ type: 'citext', nullable: true })
  billing_email: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  billing_phone: string | null;

  @Column({ type: 'jsonb', nullable: true })
  billing_address: BillingAddress | null;

  @Column({ type: 'timestamptz', nullable: true })
  last_sync_at: Date | null;

  /** Complimentary access granted by an administrator: the plan, until when. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  complimentary_plan: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  complimentary_expires_at: Date | null;

  @Column({
    type: 'jsonb',
    default: {
      emailUpdates: true,
      featureAnnouncements: true,
      billingAlerts: true,
      weeklyDigest: false,
    },
  })
  notification_preferences: NotificationPreferences;

  /** The member's IANA time zone, for the daily digest's 08:00; null reads as UTC. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  time_zone: string | null;
}
