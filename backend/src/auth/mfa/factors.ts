import type { EntityManager } from 'typeorm';
import type { AuthFactor } from '@leadpulse/common';

/** A verified factor as the auth user lists it (dates as Date; JSON makes them strings). */
export type AuthFactorView = Omit<AuthFactor, 'created_at'> & { created_at: Date };

/** The account's verified factors, oldest first. */
export async function verifiedFactors(
  manager: EntityManager,
  accountId: string,
): Promise<AuthFactorView[]> {
  return (await manager.query(
    `SELECT id, type, created_at FROM mfa_factors
      WHERE auth_account_id = $1 AND verified_at IS NOT NULL ORDER BY created_at, id`,
    [accountId],
  )) as AuthFactorView[];
}
