import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';
import { UserEntity } from '../users/user.entity.js';

export interface AdminActionDetails {
  description: string;
  old_values?: Record<string, unknown> | null;
  new_values?: Record<string, unknown> | null;
}

/** The audit trail of every change made from the back office, or by the system on its behalf. */
@Entity('admin_actions')
@Index('admin_actions_created_at_idx', ['created_at'])
export class AdminActionEntity extends TimestampedEntity {
  /** The administrator; null for the system (reconciliation and other scheduled repairs). */
  @Index('admin_actions_admin_id_idx')
  @Column({ type: 'uuid', nullable: true })
  admin_id: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'admin_id' })
  admin?: Relation<UserEntity> | null;

  @Column({ type: 'varchar', length: 64 })
  action_type: string;

  @Index('admin_actions_target_user_id_idx')
  @Column({ type: 'uuid', nullable: true })
  target_user_id: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'target_user_id' })
  target_user?: Relation<UserEntity> | null;

  @Column({ type: 'jsonb' })
  details: AdminActionDetails;
}
