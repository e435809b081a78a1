import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Members who signed up with a password have set it: `users.password_set` now says so. */
export class BackfillPasswordSet1795351000000 implements MigrationInterface {
  name = 'BackfillPasswordSet1795351000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE users u SET password_set = true
         FROM auth_accounts a
        WHERE a.id = u.auth_user_id AND a.password_hash IS NOT NULL AND NOT u.password_set`,
    );
  }

  async down(): Promise<void> {
    // The backfill only corrects data; there is nothing to undo.
  }
}
