import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Suspended accounts (and, for account deletion, deleted ones): the status, when and why. */
export class AddUserSuspension1795502000000 implements MigrationInterface {
  name = 'AddUserSuspension1795502000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "users_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("status" IN ('pending', 'paid', 'active', 'inactive', 'suspended', 'deleted'))`,
    );
    await queryRunner.query(`ALTER TABLE "users" ADD "suspended_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "users" ADD "suspension_reason" character varying(500)`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD "status_before_suspension" character varying(16)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "status_before_suspension"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "suspension_reason"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "suspended_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "users_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("status" IN ('pending', 'paid', 'active', 'inactive'))`,
    );
  }
}
