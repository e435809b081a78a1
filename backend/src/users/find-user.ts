import type { EntityManager } from 'typeorm';
import { UserEntity } from './user.entity.js';
import { usersErrors } from './users.errors.js';

/**
 * A user by id, or the users feature's 404; `lock` holds the row until the transaction ends, so
 * a change reads what it overwrites. The id is a uuid already (`@IdParam`).
 */
export async function findUser(
  manager: EntityManager,
  id: string,
  lock = false,
): Promise<UserEntity> {
  const user = await manager.getRepository(UserEntity).findOne({
    where: { id },
    ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  if (!user) throw usersErrors.notFound();
  return user;
}

/** The signed-in member's own row, or the 404 the member's routes answer without one. */
export async function findUserByAccount(
  manager: EntityManager,
  accountId: string,
): Promise<UserEntity> {
  const user = await manager.getRepository(UserEntity).findOneBy({ auth_user_id: accountId });
  if (!user) throw usersErrors.profileNotFound();
  return user;
}
