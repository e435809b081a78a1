import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** The audit trail of changes to a customer's billing (plan, refunds, billing details). */
@Entity('billing_changes')
export class BillingChangeEntity extends TimestampedEntity {
  @Index('billing_changes_user_id_idx')
  @Column({ type: 'uuid' })
  user_id: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<UserEntity>;

  /** The administrator; null for the system. */
  @Column({ type: 'uuid', nullable: true })
  admin_id: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'admin_id' })
  admin?: Relation<UserEntity> | null;

  @Column({ type: 'varchar', length: 64 })
  change_type: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  reason: string | null;

  @Column({ type: 'jsonb', nullable: true })
  old_values: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  new_values: Record<string, unknown> | null;
}
