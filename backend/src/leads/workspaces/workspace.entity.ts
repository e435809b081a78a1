import { Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '../../database/timestamped.entity.js';
import { UserEntity } from '../../users/user.entity.js';

/**
 * The owner of all lead data. Every member gets a personal one the first time they use a lead
 * feature; shared workspaces (teams, agencies) will add members to one.
 */
@Entity('workspaces')
@Index('workspaces_personal_owner_idx', ['owner_user_id'], {
  unique: true,
  where: 'personal',
})
export class WorkspaceEntity extends TimestampedEntity {
  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'uuid' })
  owner_user_id: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_user_id' })
  owner?: Relation<UserEntity>;

  /** The member's own workspace, made on first use. */
  @Column({ type: 'boolean', default: true })
  personal: boolean;
}
