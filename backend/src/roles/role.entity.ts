import { Column, Entity, Index } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';

/** A named set of permissions (an object whose keys are permission names). */
@Entity('roles')
@Index('roles_single_owner_idx', ['is_owner'], { unique: true, where: '"is_owner"' })
export class RoleEntity extends TimestampedEntity {
  @Column({ type: 'citext', unique: true })
  name: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @Column({ type: 'jsonb', default: {} })
  permissions: Record<string, boolean>;

  /** The built-in Owner role: every permission, never deleted, never without a member. */
  @Column({ type: 'boolean', default: false })
  is_owner: boolean;
}
