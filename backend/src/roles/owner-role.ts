import { OWNER_ROLE, ROLE_PERMISSIONS } from '@leadpulse/common';
import type { EntityManager } from 'typeorm';
import { ROLES_ERRORS } from './roles.errors.js';
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

/**
 * Locks the Owner role until the transaction ends. A change that may take the role away locks it
 * first (before the rows it changes), so concurrent changes queue up and each counts the owners
 * the one before it left.
 */
export async function lockOwnerRole(manager: EntityManager): Promise<void> {
  await manager.query(`SELECT id FROM roles WHERE is_owner FOR UPDATE`);
}

/**
 * Refuses a change that leaves no administrator holding the Owner role. Call it inside the
 * change's transaction, after the change: it locks the Owner role first, so two concurrent
 * changes are counted one after the other.
 */
export async function assertOwnerRemains(manager: EntityManager): Promise<void> {
  await lockOwnerRole(manager);
  const [{ owners }] = (await manager.query(
    `SELECT count(*)::int AS owners
       FROM admin_roles ar
       JOIN roles r ON r.id = ar.role_id AND r.is_owner
       JOIN users u ON u.id = ar.user_id AND u.is_admin`,
  )) as { owners: number }[];
  if (owners === 0) throw ROLES_ERRORS.lastOwner();
}
