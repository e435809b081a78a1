import { Entity, Index, JoinColumn, ManyToOne, Column, type Relation } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { RoleEntity } from './role.entity.js';

/** A role held by an administrator; an administrator may hold several. */
@Entity('admin_roles')
@Index('admin_roles_user_role_idx', ['user_id', 'role_id'], { unique: true })
export class AdminRoleEntity extends TimestampedEntity {
  @Column({ type: 'uuid' })
  user_id: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<UserEntity>;

  @Index('admin_roles_role_id_idx')
  @Column({ type: 'uuid' })
  role_id: string;

  @ManyToOne(() => RoleEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'role_id' })
  role?: Relation<RoleEntity>;
}
