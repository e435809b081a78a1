import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../database/timestamped.entity.js';
import { LeadEntity } from '../leads/lead.entity.js';
import { WorkspaceEntity } from '../workspaces/workspace.entity.js';

@Entity('lead_notes')
@Index('lead_notes_lead_created_idx', ['lead_id', 'created_at'])
@Index('lead_notes_workspace_idx', ['workspace_id'])
export class LeadNoteEntity extends TimestampedEntity {
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

  @Column({ type: 'text' })
  body: string;
}
