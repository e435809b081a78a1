import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import type { SignalKind } from '@leadpulse/common';
import { WorkspaceEntity } from '../workspaces/workspace.entity.js';
import { LeadEntity } from './lead.entity.js';

/**
 * A dated piece of engagement about a lead. `dedupe_key` is unique per workspace, so importing
 * the same data twice adds nothing.
 */
@Entity('lead_signals')
@Index('lead_signals_workspace_dedupe_idx', ['workspace_id', 'dedupe_key'], { unique: true })
@Index('lead_signals_lead_occurred_idx', ['lead_id', 'occurred_at'])
@Index('lead_signals_workspace_occurred_idx', ['workspace_id', 'occurred_at'])
export class LeadSignalEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'uuid' })
  workspace_id: string;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Relation<WorkspaceEntity>;

  @Column({ type: 'uuid' })
  lead_id: string;

  @ManyToOne(() => LeadEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lead_id' })
  lead?: Relation<LeadEntity>;

  @Column({ type: 'varchar', length: 32 })
  kind: SignalKind;

  @Column({ type: 'timestamptz' })
  occurred_at: Date;

  /** `import:<id>`, `manual` or `automation`. */
  @Column({ type: 'varchar', length: 64 })
  source: string;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  detail: Record<string, unknown>;

  @Column({ type: 'varchar', length: 255 })
  dedupe_key: string;
}
