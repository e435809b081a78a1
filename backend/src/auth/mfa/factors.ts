import type { EntityManager } from 'typeorm';
import type { AuthFactor } from '@leadpulse/common';

/** A row of `mfa_factors` as the query below reads it. */
interface FactorRow {
  id: string;
  type: 'totp';
  created_at: Date;
}

/** A verified factor as the auth user lists it. */
export function mapAuthFactor(row: FactorRow): AuthFactor<Date> {
  return { id: row.id, type: row.type, created_at: row.created_at };
}

/** The account's verified factors, oldest first. */
export async function verifiedFactors(
  manager: EntityManager,
  accountId: string,
): Promise<AuthFactor<Date>[]> {
  const rows: FactorRow[] = await manager.query(
    `SELECT id, type, created_at FROM mfa_factors
      WHERE auth_account_id = $1 AND verified_at IS NOT NULL ORDER BY created_at, id`,
    [accountId],
  );
  return rows.map(mapAuthFactor);
}
