import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';
import { UserEntity } from '../users/user.entity.js';

export const EMAIL_STATUSES = ['queued', 'sent', 'failed', 'logged'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** The outbox: every e-mail the product sends, written in the transaction of the change that caused it. */
@Entity('emails')
@Check('emails_status_check', `"status" IN ('queued', 'sent', 'failed', 'logged')`)
@Index('emails_status_created_at_idx', ['status', 'created_at'])
export class EmailEntity extends TimestampedEntity {
  @Column({ type: 'citext' })
  to_email: string;

  @Column({ type: 'varchar', length: 64 })
  template: string;

  @Column({ type: 'varchar', length: 300 })
  subject: string;

  /** The template's data; links in it are paths, made absolute from APP_URL when rendered. */
  @Column({ type: 'jsonb', default: {} })
  data: Record<string, unknown>;

  @Column({ type: 'varchar', length: 16, default: 'queued' })
  status: EmailStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'text', nullable: true })
  last_error: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  provider_message_id: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  sent_at: Date | null;

  /** While set in the future, one delivery attempt owns the row (a second run of the job backs off). */
  @Column({ type: 'timestamptz', nullable: true })
  claimed_until: Date | null;

  @Index('emails_user_id_idx')
  @Column({ type: 'uuid', nullable: true })
  user_id: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<UserEntity> | null;

  /** The e-mail this one is a fresh copy of, for resends. */
  @Column({ type: 'uuid', nullable: true })
  resent_from_id: string | null;
}
