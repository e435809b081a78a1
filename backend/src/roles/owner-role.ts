import { OWNER_ROLE, ROLE_PERMISSIONS } from '@leadpulse/common';
import type { EntityManager } from 'typeorm';
import { AdminRoleEntity } from './admin-role.entity.js';
import { RoleEntity } from './role.entity.js';

/** The built-in Owner role (created by a migration; made again here should it be missing). */
export async function ownerRole(manager: EntityManager): Promise<RoleEntity> {
  const roles = manager.getRepository(RoleEntity);
  const owner = await roles.findOneBy({ is_owner: true });
  if (owner) return owner;
  await roles
    .createQueryBuilder()
    .insert()
    .values({
      name: OWNER_ROLE,
      description: 'Every permission',
      permissions: Object.fromEntries(ROLE_PERMISSIONS.map((permission) => [permission, true])),
      is_owner: true,
    })
    .orUpdate(['is_owner', 'permissions'], ['name'])
    .execute();
  return roles.findOneByOrFail({ is_owner: true });
}

/** Gives the user the Owner role; giving it again changes nothing. */
export async function grantOwner(manager: EntityManager, userId: string): Promise<void> {
  const owner = await ownerRole(manager);
  await manager
    .getRepository(AdminRoleEntity)
    .createQueryBuilder()
    .insert()
    .values({ user_id: userId, role_id: owner.id })
    .orIgnore()
    .execute();
}
