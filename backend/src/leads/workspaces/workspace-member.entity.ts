import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../database/timestamped.entity.js';
import { UserEntity } from '../../users/user.entity.js';
import { WorkspaceEntity } from './workspace.entity.js';

export const WORKSPACE_ROLES = ['owner', 'member'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Who may use a workspace, and as what. */
@Entity('workspace_members')
@Index('workspace_members_workspace_user_idx', ['workspace_id', 'user_id'], { unique: true })
@Check('workspace_members_role_check', `"role" IN ('owner', 'member')`)
export class WorkspaceMemberEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  workspace_id: string;

  @ManyToOne(() => WorkspaceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Relation<WorkspaceEntity>;

  @Index('workspace_members_user_idx')
  @Column({ type: 'uuid' })
  user_id: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<UserEntity>;

  @Column({ type: 'varchar', length: 16 })
  role: WorkspaceRole;
}
