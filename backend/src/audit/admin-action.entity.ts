import type { AuditOutcome } from '@leadpulse/common';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';
import { UserEntity } from '../users/user.entity.js';

export interface AdminActionDetails {
  description: string;
  old_values?: Record<string, unknown> | null;
  new_values?: Record<string, unknown> | null;
}

/**
 * The audit trail: every change made from the back office (money included), every refused
 * attempt, and the system's repairs.
 */
@Entity('admin_actions')
@Check('admin_actions_outcome_check', `"outcome" IN ('success', 'refused')`)
@Index('admin_actions_action_type_idx', ['action_type', 'created_at'])
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

  /** `refused` for an attempt the administrator had no permission for. */
  @Column({ type: 'varchar', length: 16, default: 'success' })
  outcome: AuditOutcome;
}
