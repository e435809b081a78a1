import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A deleted account stays deleted whatever code path touches its row: it is never linked to a
 * sign-in account again (every session, link and token belongs to one) and its status never
 * changes back. A sign-in account linked to a deleted row before this rule is removed, with its
 * sessions, links and factors.
 */
export class DeletedAccountsStayDeleted1795871619684 implements MigrationInterface {
  name = 'DeletedAccountsStayDeleted1795871619684';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DELETE FROM "auth_accounts" WHERE "id" IN
         (SELECT "auth_user_id" FROM "users" WHERE "status" = 'deleted' AND "auth_user_id" IS NOT NULL)`,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "users_deleted_unlinked_check"
         CHECK ("status" <> 'deleted' OR "auth_user_id" IS NULL)`,
    );
    await queryRunner.query(
      `CREATE FUNCTION "users_deleted_is_final"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF OLD."status" = 'deleted' AND NEW."status" <> 'deleted' THEN
           RAISE EXCEPTION 'user % is deleted: its status cannot change', OLD."id"
             USING ERRCODE = 'check_violation', CONSTRAINT = 'users_deleted_is_final';
         END IF;
         RETURN NEW;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "users_deleted_is_final" BEFORE UPDATE OF "status" ON "users"
         FOR EACH ROW EXECUTE FUNCTION "users_deleted_is_final"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "users_deleted_is_final" ON "users"`);
    await queryRunner.query(`DROP FUNCTION "users_deleted_is_final"()`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "users_deleted_unlinked_check"`);
  }
}
