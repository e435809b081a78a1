import type { EntityManager } from 'typeorm';
import { grantOwner } from '../roles/owner-role.js';
import { isDeletedAddress } from '../users/deleted-account.js';
import type { UserWritesService } from '../users/user-writes.service.js';
import { AuthAccountEntity } from './auth-account.entity.js';
import { normaliseEmail } from '../common/email.js';

/**
 * Creates or promotes a confirmed administrator holding the Owner role; running it again, or in
 * several processes at once, changes nothing. The password
 * replaces an existing one only when asked (the create-admin command), not at every start.
 */
export async function ensureAdmin(
  manager: EntityManager,
  userWrites: UserWritesService,
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

  await grantOwner(manager, await userWrites.promoteToAdmin(manager, email, account.id));
  return { created };
}
