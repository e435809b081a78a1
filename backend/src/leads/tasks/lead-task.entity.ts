import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../database/timestamped.entity.js';
import { LeadEntity } from '../leads/lead.entity.js';
import { WorkspaceEntity } from '../workspaces/workspace.entity.js';

/** A to-do about a lead; the tasks list filters open ones by due date. */
@Entity('lead_tasks')
@Index('lead_tasks_lead_created_idx', ['lead_id', 'created_at'])
@Index('lead_tasks_workspace_due_idx', ['workspace_id', 'done_at', 'due_at'])
export class LeadTaskEntity extends TimestampedEntity {
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

  @Column({ type: 'varchar', length: 500 })
  title: string;

  @Column({ type: 'timestamptz', nullable: true })
  due_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  done_at: Date | null;

  /** The automation rule that made the task, if one did: its becoming overdue starts no rule. */
  @Column({ type: 'uuid', nullable: true })
  automation_rule_id: string | null;
}
