import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import type { Icp, RescoreStatus } from '@leadpulse/common';
import { TimestampedEntity } from '../../database/timestamped.entity.js';
import { WorkspaceEntity } from '../workspaces/workspace.entity.js';

/** A workspace's ICP (absent: the default) and the state of the job rescoring its leads. */
@Entity('workspace_icps')
@Index('workspace_icps_workspace_idx', ['workspace_id'], { unique: true })
@Check(
  'workspace_icps_status_check',
  `"rescore_status" IN ('idle', 'queued', 'running', 'done', 'failed')`,
)
export class WorkspaceIcpEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  workspace_id: string;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id', foreignKeyConstraintName: 'FK_workspace_icps_workspace' })
  workspace?: Relation<WorkspaceEntity>;

  @Column({ type: 'jsonb' })
  icp: Icp;

  /** Raised by each change: a rescoring job of an older version stops. */
  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ type: 'varchar', length: 16, default: 'idle' })
  rescore_status: RescoreStatus;

  /** 0–100. */
  @Column({ type: 'smallint', default: 0 })
  rescore_progress: number;

  @Column({ type: 'timestamptz', nullable: true })
  rescore_started_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  rescore_finished_at: Date | null;
}
