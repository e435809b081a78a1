import type { RoleRecord } from '@leadpulse/common';
import type { RoleEntity } from './role.entity.js';

/** A role as the back office lists it: with how many administrators hold it. */
export function toRoleRecord(role: RoleEntity, adminCount: number): RoleRecord<Date> {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    permissions: role.permissions,
    is_owner: role.is_owner,
    admin_count: adminCount,
    created_at: role.created_at,
    updated_at: role.updated_at,
  };
}
