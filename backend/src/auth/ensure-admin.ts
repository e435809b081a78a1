import type { EntityManager } from 'typeorm';
import { grantOwner } from '../roles/owner-role.js';
import { isDeletedAddress } from '../users/deleted-account.js';
import { UserEntity } from '../users/user.entity.js';
import { AuthAccountEntity } from './auth-account.entity.js';
import { normaliseEmail } from '../common/email.js';

/**
 * Creates or promotes a confirmed administrator holding the Owner role; running it again, or in
 * several processes at once, changes nothing. The password
 * replaces an existing one only when asked (the create-admin command), not at every start.
 */
export async function ensureAdmin(
  manager: EntityManager,
  input: { email: string; passwordHash: string; overwritePassword: boolean },
): Promise<{ created: boolean }> {
  const email = normaliseEmail(input.email);
  // A deleted account's address names its anonymised row, which is never signed in again.
  if (isDeletedAddress(email)) throw new Error(`${email} belongs to a deleted account`);
  // Instances started together each ensure the same administrator: one at a time, so the second
  // finds the first's account instead of inserting it again.
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('ensure_admin:' || $1, 0))`, [
    email,
  ]);
  const accounts = manager.getRepository(AuthAccountEntity);
  let account = await accounts.findOneBy({ email });
  const created = !account;
  if (!account) {
    account = await accounts.save(
      accounts.create({
        email,
        password_hash: input.passwordHash,
        email_confirmed_at: new Date(),
        metadata: { source: 'admin' },
      }),
    );
  } else {
    await accounts.update(account.id, {
      email_confirmed_at: account.email_confirmed_at ?? new Date(),
      ...(input.overwritePassword || !account.password_hash
        ? { password_hash: input.passwordHash }
        : {}),
    });
  }

  const users = manager.getRepository(UserEntity);
  const user = await users.findOneBy({ email });
  if (!user) {
    const { identifiers } = await users.insert({
      email,
      status: 'active',
      is_admin: true,
      password_set: true,
      auth_user_id: account.id,
    });
    await grantOwner(manager, identifiers[0].id as string);
  } else {
    await users.update(user.id, {
      is_admin: true,
      auth_user_id: account.id,
      password_set: true,
      status: user.status === 'inactive' ? user.status : 'active',
    });
    await grantOwner(manager, user.id);
  }
  return { created };
}
