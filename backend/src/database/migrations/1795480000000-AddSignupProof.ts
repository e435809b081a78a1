import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The hash of the secret held by the browser that signed up, checked when the e-mail is confirmed. */
export class AddSignupProof1795480000000 implements MigrationInterface {
  name = 'AddSignupProof1795480000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "auth_accounts" ADD "signup_proof_hash" character varying(64)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth_accounts" DROP COLUMN "signup_proof_hash"`);
  }
}
