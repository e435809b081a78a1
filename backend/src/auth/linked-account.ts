import type { EntityManager } from 'typeorm';
import type { UserEntity } from '../users/user.entity.js';
import type { UserWritesService } from '../users/user-writes.service.js';
import { usersErrors } from '../users/users.errors.js';
import { AuthAccountEntity } from './auth-account.entity.js';

/**
 * The sign-in account of a `users` row: the linked one, else the one with its e-mail, else a new
 * one without a password (the customer sets it through a setup link). The row ends up linked.
 * A deleted account never gets one: every link, reset and session needs it.
 */
export async function ensureLinkedAccount(
  manager: EntityManager,
  userWrites: UserWritesService,
  user: UserEntity,
  options: { source: string; confirmed?: boolean },
): Promise<AuthAccountEntity> {
  if (user.status === 'deleted') throw usersErrors.deleted();
  const accounts = manager.getRepository(AuthAccountEntity);
  const account =
    (user.auth_user_id && (await accounts.findOneBy({ id: user.auth_user_id }))) ||
    (await accounts.findOneBy({ email: user.email })) ||
    (await accounts.save(
      accounts.create({
        email: user.email,
        email_confirmed_at: options.confirmed ? new Date() : null,
        metadata: {
          name: `${user.first_name} ${user.last_name}`.trim(),
          source: options.source,
          first_name: user.first_name,
          last_name: user.last_name,
        },
      }),
    ));
  if (user.auth_user_id !== account.id) await userWrites.linkAccount(manager, user.id, account.id);
  return account;
}
