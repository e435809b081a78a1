import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When a member deleted their account (the row stays, anonymised, for accounting). */
export class AddUserDeletedAt1795502500000 implements MigrationInterface {
  name = 'AddUserDeletedAt1795502500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "deleted_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "deleted_at"`);
  }
}
