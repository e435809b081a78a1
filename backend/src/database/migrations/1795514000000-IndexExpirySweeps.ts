import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The expiry sweeps (promos each minute, complimentary access hourly) read only the users who
 * have one: partial indexes instead of a scan of every user each time (about 100 ms a minute
 * with a million users).
 */
export class IndexExpirySweeps1795514000000 implements MigrationInterface {
  name = 'IndexExpirySweeps1795514000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "users_promo_expiry_idx" ON "users" ("promo_expiration_date") WHERE "promo_active"`,
    );
    await queryRunner.query(
      `CREATE INDEX "users_complimentary_expiry_idx" ON "users" ("complimentary_expires_at") WHERE "complimentary_expires_at" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "users_complimentary_expiry_idx"`);
    await queryRunner.query(`DROP INDEX "users_promo_expiry_idx"`);
  }
}
