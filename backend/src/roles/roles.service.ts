import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import {
  ROLE_PERMISSIONS,
  type AdminIdentityRecord,
  type AdminUserRecord,
  type RoleRecord,
  type Permission,
  type RoleRef,
} from '@leadpulse/common';
import { AuditService } from '../audit/audit.service.js';
import {
  AdminRefusal,
  powersOfActor,
  powersOfRoles,
  whyNotActOn,
  type AdminPowers,
} from '../auth/admin-targets.js';
import type { AuthenticatedUser } from '../auth/auth-user.js';
import { notFound } from '../common/id-param.js';
import { containsPattern, idsFilter, searchFilter, textFilter } from '../common/list-query.js';
import { UserEntity } from '../users/user.entity.js';
import { toMemberView } from '../users/users.service.js';
import { AdminRoleEntity } from './admin-role.entity.js';
import type { CreateRoleDto, UpdateRoleDto } from './dto/role.dto.js';
import { assertOwnerRemains, lockOwnerRole } from './owner-role.js';
import { RoleEntity } from './role.entity.js';
import { toRoleRecord } from './role.mapper.js';
import { ROLES_ERRORS } from './roles.errors.js';

const snapshot = (role: Pick<RoleEntity, 'name' | 'description' | 'permissions'>) => ({
  name: role.name,
  description: role.description,
  permissions: role.permissions,
});

/** Roles, who holds them, and what they grant. Only this service writes roles and admin_roles. */
@Injectable()
export class RolesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** The roles matching a list filter: `id` (getMany) and `q` (name or description). */
  filtered(filter: Record<string, unknown>): SelectQueryBuilder<RoleEntity> {
    const builder = this.dataSource.getRepository(RoleEntity).createQueryBuilder('r');
    const ids = idsFilter(filter.id);
    if (ids) builder.andWhere('r.id IN (:...ids)', { ids: ids.length ? ids : [null] });
    const q = searchFilter(filter);
    if (q)
      builder.andWhere('(r.name ILIKE :q OR r.description ILIKE :q)', { q: containsPattern(q) });
    const name = textFilter(filter, 'name');
    if (name !== undefined) builder.andWhere('r.name = :name', { name });
    return builder;
  }

  /** Adds to each role how many administrators hold it (one query for the page). */
  async withCounts(roles: RoleEntity[]): Promise<RoleRecord<Date>[]> {
    const counts = roles.length
      ? ((await this.dataSource.query(
          `SELECT ar.role_id, count(*)::int AS holders
             FROM admin_roles ar JOIN users u ON u.id = ar.user_id AND u.is_admin
            WHERE ar.role_id = ANY($1::uuid[])
            GROUP BY ar.role_id`,
          [roles.map((role) => role.id)],
        )) as { role_id: string; holders: number }[])
      : [];
    const holders = new Map(counts.map((row) => [row.role_id, row.holders]));
    return roles.map((role) => toRoleRecord(role, holders.get(role.id) ?? 0));
  }

  async get(id: string): Promise<RoleRecord<Date>> {
    const [role] = await this.withCounts([await this.find(this.dataSource.manager, id)]);
    return role;
  }

  /** Creates a role granting only permissions its creator holds. */
  async create(admin: AuthenticatedUser, form: CreateRoleDto): Promise<RoleRecord<Date>> {
    const adminId = admin.userId!;
    const why = whyNotActOn(
      powersOfActor(admin),
      powersOfRoles([{ is_owner: false, permissions: form.permissions ?? {} }]),
    );
    if (why) throw new AdminRefusal(`the role ${why}`);
    return this.dataSource.transaction(async (manager) => {
      const roles = manager.getRepository(RoleEntity);
      const name = form.name.trim();
      if (await roles.existsBy({ name })) throw ROLES_ERRORS.exists();
      const role = await roles.save(
        roles.create({
          name,
          description: form.description?.trim() ?? '',
          permissions: form.permissions ?? {},
        }),
      );
      await this.audit.record(manager, {
        adminId,
        type: 'create_role',
        details: {
          description: `Created role ${role.name}`,
          old_values: null,
          new_values: snapshot(role),
        },
      });
      return toRoleRecord(role, 0);
    });
  }

  /**
   * Edits a role. Only an Owner edits the Owner role (whose name and permissions never change);
   * nobody edits a role they hold; and the editor holds every permission the role grants, before
   * and after, so no edit gives anyone (themselves through another role included) more than the
   * editor has, nor takes from others what the editor lacks.
   */
  async update(
    admin: AuthenticatedUser,
    id: string,
    form: UpdateRoleDto,
  ): Promise<RoleRecord<Date>> {
    const adminId = admin.userId!;
    const actor = powersOfActor(admin);
    const role = await this.dataSource.transaction(async (manager) => {
      const roles = manager.getRepository(RoleEntity);
      const role = await this.find(manager, id, true);
      if (role.is_owner && !actor.owner)
        throw new AdminRefusal('only an Owner may act on the Owner role');
      const next = {
        name: form.name?.trim() ?? role.name,
        description: form.description?.trim() ?? role.description,
        permissions: form.permissions ?? role.permissions,
      };
      if (
        role.is_owner &&
        (next.name !== role.name ||
          JSON.stringify(next.permissions) !== JSON.stringify(role.permissions))
      )
        throw ROLES_ERRORS.ownerFixed();
      // An Edit form sending the record back unchanged (the Owner role's included) changes nothing.
      if (
        next.name === role.name &&
        next.description === role.description &&
        JSON.stringify(next.permissions) === JSON.stringify(role.permissions)
      )
        return role;
      await this.assertMayEdit(manager, admin, actor, [role, { ...role, ...next }]);
      if (
        next.name.toLowerCase() !== role.name.toLowerCase() &&
        (await roles.existsBy({ name: next.name }))
      )
        throw ROLES_ERRORS.exists();
      await roles.update(id, next);
      await this.audit.record(manager, {
        adminId,
        type: 'update_role',
        details: {
          description: `Edited role ${next.name}`,
          old_values: snapshot(role),
          new_values: next,
        },
      });
      return this.find(manager, id);
    });
    const [view] = await this.withCounts([role]);
    return view;
  }

  /** Deletes a role nobody holds; the Owner role is never deleted. */
  async remove(admin: AuthenticatedUser, id: string): Promise<RoleRecord<Date>> {
    const adminId = admin.userId!;
    return this.dataSource.transaction(async (manager) => {
      const role = await this.find(manager, id, true);
      if (role.is_owner) throw ROLES_ERRORS.ownerFixed();
      const why = whyNotActOn(powersOfActor(admin), powersOfRoles([role]));
      if (why) throw new AdminRefusal(`the role ${why}`);
      const holders = await manager.getRepository(AdminRoleEntity).countBy({ role_id: id });
      if (holders > 0) throw ROLES_ERRORS.inUse(holders);
      await manager.getRepository(RoleEntity).delete(id);
      await this.audit.record(manager, {
        adminId,
        type: 'delete_role',
        details: {
          description: `Deleted role ${role.name}`,
          old_values: snapshot(role),
          new_values: null,
        },
      });
      return toRoleRecord(role, 0);
    });
  }

  /** The roles each of these users holds, by name. */
  async rolesOf(
    userIds: string[],
    manager = this.dataSource.manager,
  ): Promise<Map<string, RoleRef[]>> {
    const rows = userIds.length
      ? ((await manager.query(
          `SELECT ar.user_id, r.id, r.name
             FROM admin_roles ar JOIN roles r ON r.id = ar.role_id
            WHERE ar.user_id = ANY($1::uuid[])
            ORDER BY r.is_owner DESC, r.name`,
          [userIds],
        )) as { user_id: string; id: string; name: string }[])
      : [];
    const byUser = new Map<string, RoleRef[]>(userIds.map((id) => [id, []]));
    for (const row of rows) byUser.get(row.user_id)!.push({ id: row.id, name: row.name });
    return byUser;
  }

  /**
   * Sets the roles an administrator holds. Nobody sets their own, and each role given is one
   * whose every permission the giver holds (only an Owner gives the Owner role); taking roles
   * away needs as much, as the rule on administrators' accounts already checked. Refused when it
   * would leave no administrator with the Owner role (checked under a lock, so concurrent changes
   * cannot both remove the last).
   */
  async setUserRoles(
    admin: AuthenticatedUser,
    userId: string,
    roleIds: string[],
  ): Promise<AdminUserRecord<Date>> {
    const adminId = admin.userId!;
    if (userId === adminId) throw new AdminRefusal('nobody edits their own roles', userId);
    return this.dataSource.transaction(async (manager) => {
      await lockOwnerRole(manager);
      const user = await manager
        .getRepository(UserEntity)
        .findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw notFound(ROLES_ERRORS.userNotFound);
      if (!user.is_admin) throw ROLES_ERRORS.notAdmin();
      const wanted = [...new Set(roleIds)];
      const roles = await manager.getRepository(RoleEntity).findBy({ id: In(wanted) });
      if (roles.length !== wanted.length) throw ROLES_ERRORS.unknownRoles();
      for (const role of roles) {
        const why = role.is_owner
          ? admin.owner
            ? null
            : 'only an Owner gives the Owner role'
          : whyNotActOn(powersOfActor(admin), powersOfRoles([role]));
        if (why) throw new AdminRefusal(`giving the role ${role.name}: ${why}`, userId);
      }
      const before = (await this.rolesOf([userId], manager)).get(userId)!;
      const holdings = manager.getRepository(AdminRoleEntity);
      await holdings.delete({ user_id: userId });
      if (wanted.length)
        await holdings.insert(wanted.map((roleId) => ({ user_id: userId, role_id: roleId })));
      await assertOwnerRemains(manager);
      const after = (await this.rolesOf([userId], manager)).get(userId)!;
      const names = (list: RoleRef[]) => list.map((role) => role.name);
      await this.audit.record(manager, {
        adminId,
        type: 'set_user_roles',
        targetUserId: userId,
        details: {
          description: `Roles set to ${names(after).join(', ') || 'none'}`,
          old_values: { roles: names(before) },
          new_values: { roles: names(after) },
        },
      });
      return { ...toMemberView(user), roles: after };
    });
  }

  /** The signed-in administrator: their record, roles, and the permissions those grant. */
  async identity(accountId: string): Promise<AdminIdentityRecord<Date>> {
    const user = await this.dataSource
      .getRepository(UserEntity)
      .findOneByOrFail({ auth_user_id: accountId });
    const roles = (await this.rolesOf([user.id])).get(user.id)!;
    const held = await this.dataSource.getRepository(RoleEntity).findBy({
      id: In(roles.map((role) => role.id)),
    });
    const permissions: Permission[] = held.some((role) => role.is_owner)
      ? [...ROLE_PERMISSIONS]
      : ROLE_PERMISSIONS.filter((permission) =>
          held.some((role) => role.permissions[permission] === true),
        );
    const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
    return { ...toMemberView(user), name, roles, permissions };
  }

  /** Refuses an edit of a role the editor holds, or of one granting what the editor lacks. */
  private async assertMayEdit(
    manager: EntityManager,
    admin: AuthenticatedUser,
    actor: AdminPowers,
    versions: Pick<RoleEntity, 'id' | 'is_owner' | 'permissions'>[],
  ): Promise<void> {
    const id = versions[0].id;
    if (
      await manager.getRepository(AdminRoleEntity).existsBy({ user_id: admin.userId, role_id: id })
    )
      throw new AdminRefusal('nobody edits a role they hold');
    const why = whyNotActOn(actor, powersOfRoles(versions));
    if (why) throw new AdminRefusal(`the role ${why}`);
  }

  private async find(manager: EntityManager, id: string, lock = false): Promise<RoleEntity> {
    const role = await manager.getRepository(RoleEntity).findOne({
      where: { id },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!role) throw notFound(ROLES_ERRORS.notFound);
    return role;
  }
}
