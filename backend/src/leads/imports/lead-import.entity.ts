import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import type { CsvMapping, ImportFileCounts, ImportStatus } from '@leadpulse/common';
import { TimestampedEntity } from '../../database/timestamped.entity.js';
import { UserEntity } from '../../users/user.entity.js';
import { WorkspaceEntity } from '../workspaces/workspace.entity.js';

/**
 * One upload and what its job did with it. The upload itself waits in `lead_import_uploads`
 * only until the job has read it (`upload_name` is then cleared); the counts stay.
 */
@Entity('lead_imports')
@Index('lead_imports_workspace_created_idx', ['workspace_id', 'created_at'])
@Index('lead_imports_created_idx', ['created_at'])
export class LeadImportEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  workspace_id: string;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Relation<WorkspaceEntity>;

  @Column({ type: 'uuid', nullable: true })
  created_by: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by' })
  creator?: Relation<UserEntity> | null;

  /** `linkedin_export` (a ZIP or one of its CSVs), `csv` (any CSV with a mapping) or `sample`. */
  @Column({ type: 'varchar', length: 32 })
  kind: string;

  @Column({ type: 'varchar', length: 255 })
  file_name: string;

  @Column({ type: 'varchar', length: 16, default: 'queued' })
  status: ImportStatus;

  @Column({ type: 'smallint', default: 0 })
  progress: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  error_code: string | null;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  counts: Record<string, ImportFileCounts>;

  @Column({ type: 'jsonb', nullable: true })
  mapping: CsvMapping | null;

  /** The name of the job's local copy of the stored upload, until the job has read it. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  upload_name: string | null;

  @Column({ type: 'bigint', default: 0 })
  size_bytes: string;

  @Column({ type: 'timestamptz', nullable: true })
  finished_at: Date | null;
}
