import type { MigrationInterface, QueryRunner } from 'typeorm';

const INDEXES = ['users_email_trgm_idx', 'users_first_name_trgm_idx', 'users_last_name_trgm_idx'];

/**
 * The admin search's trigram indexes keep at most 64 kB of not yet merged entries (PostgreSQL's
 * default is 4 MB). Every search reads that pending list whole: after some ten thousand changed
 * users (a promo expiry run, a batch of sign-ups) a selective search over a million users took
 * 30 ms instead of 3, and more while the changes were under way. Writes still batch their
 * entries; the merge comes sooner and smaller.
 */
export class BoundUserSearchPendingLists1795512400000 implements MigrationInterface {
  name = 'BoundUserSearchPendingLists1795512400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const index of INDEXES) {
      await queryRunner.query(`ALTER INDEX "${index}" SET (gin_pending_list_limit = 64)`);
      await queryRunner.query(`SELECT gin_clean_pending_list('"${index}"'::regclass)`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of INDEXES)
      await queryRunner.query(`ALTER INDEX "${index}" RESET (gin_pending_list_limit)`);
  }
}
