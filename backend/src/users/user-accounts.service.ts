import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { AuthAccountEntity } from '../auth/auth-account.entity.js';
import { normaliseEmail } from '../common/email.js';
import type { CreateUserDto, UpdateUserDto } from './dto/admin-user.dto.js';
import { findUser } from './find-user.js';
import { assertOwnerRemains, lockOwnerRole } from '../roles/owner-role.js';
import { UserEntity } from './user.entity.js';
import { usersErrors } from './users.errors.js';
import { toMemberView, type MemberView } from './users.service.js';

/** The fields an audit row compares, old and new. */
function changed<T extends object>(before: T, after: Partial<T>) {
  const keys = (Object.keys(after) as (keyof T)[]).filter(
    (key) => after[key] !== undefined && String(before[key] ?? '') !== String(after[key] ?? ''),
  );
  return {
    keys,
    old_values: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    new_values: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

/** The back office's account edits: Create New User and Account Information, each audited. */
@Injectable()
export class UserAccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** Creates the user and an account without a password (the welcome e-mail sets it up). */
  async create(adminId: string, form: CreateUserDto): Promise<MemberView> {
    const email = normaliseEmail(form.email);
    return this.dataSource.transaction(async (manager) => {
      const users = manager.getRepository(UserEntity);
      const accounts = manager.getRepository(AuthAccountEntity);
      if ((await users.existsBy({ email })) || (await accounts.existsBy({ email })))
        throw usersErrors.emailTaken();
      const values = {
        first_name: form.first_name.trim(),
        last_name: form.last_name.trim(),
        phone: form.phone?.trim() || null,
        company: form.company?.trim() || null,
        job_title: form.job_title?.trim() || null,
        subscription_plan: form.subscription_plan ?? 'prospector',
        status: form.status ?? 'active',
        is_admin: form.is_admin ?? false,
        founding_member: form.founding_member ?? false,
      };
      const account = await accounts.save(
        accounts.create({
          email,
          email_confirmed_at: new Date(),
          metadata: {
            name: `${values.first_name} ${values.last_name}`,
            source: 'admin',
            first_name: values.first_name,
            last_name: values.last_name,
          },
        }),
      );
      const user = await users.save(users.create({ email, auth_user_id: account.id, ...values }));
      await this.audit.record(manager, {
        adminId,
        type: 'create_user',
        targetUserId: user.id,
        details: {
          description: `Created user ${email}`,
          old_values: null,
          new_values: { email, ...values },
        },
      });
      return toMemberView(user);
    });
  }

  async update(adminId: string, id: string, form: UpdateUserDto): Promise<MemberView> {
    return this.dataSource.transaction(async (manager) => {
      // Taking the administrator role away may take the last Owner with it.
      if (form.is_admin === false) await lockOwnerRole(manager);
      const user = await findUser(manager, id, true);
      // Only Reactivate lifts a suspension: it also clears the suspension's date and reason.
      if (user.status === 'suspended' && form.status !== undefined)
        throw usersErrors.suspendedStatus();
      const next: Partial<UserEntity> = Object.fromEntries(
        Object.entries(form).map(([key, value]) => [
          key,
          typeof value === 'string' ? value.trim() || (key === 'email' ? value : null) : value,
        ]),
      );
      if (next.email) next.email = normaliseEmail(next.email);
      if (next.first_name === null) next.first_name = '';
      if (next.last_name === null) next.last_name = '';
      const diff = changed(user, next);
      if (diff.keys.length === 0) return toMemberView(user);
      if (next.email && next.email !== user.email) {
        const users = manager.getRepository(UserEntity);
        const accounts = manager.getRepository(AuthAccountEntity);
        if (
          (await users.existsBy({ email: next.email })) ||
          (await accounts
            .createQueryBuilder('a')
            .where('a.email = :email AND a.id IS DISTINCT FROM :own', {
              email: next.email,
              own: user.auth_user_id,
            })
            .getExists())
        )
          throw usersErrors.emailTaken();
        // The sign-in e-mail follows the customer's.
        if (user.auth_user_id) await accounts.update(user.auth_user_id, { email: next.email });
      }
      const values = Object.fromEntries(diff.keys.map((key) => [key, next[key]]));
      await manager.getRepository(UserEntity).update(id, values);
      if (diff.keys.includes('is_admin')) await assertOwnerRemains(manager);
      await this.audit.record(manager, {
        adminId,
        type: 'update_user',
        targetUserId: id,
        details: {
          description: `Updated ${diff.keys.join(', ')}`,
          old_values: diff.old_values,
          new_values: diff.new_values,
        },
      });
      return toMemberView(await findUser(manager, id));
    });
  }
}
