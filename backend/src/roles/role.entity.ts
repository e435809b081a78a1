import { Column, Entity } from 'typeorm';
import { TimestampedEntity } from '../database/timestamped.entity.js';

/** A named set of permissions (an object whose keys are permission names). */
@Entity('roles')
export class RoleEntity extends TimestampedEntity {
  @Column({ type: 'citext', unique: true })
  name: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @Column({ type: 'jsonb', default: {} })
  permissions: Record<string, boolean>;
}
