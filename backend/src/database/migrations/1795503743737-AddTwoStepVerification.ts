import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-step verification: authenticator factors (secrets sealed with MFA_ENCRYPTION_KEY), hashed
 * single-use recovery codes, and the sign-ins waiting for their code step.
 */
export class AddTwoStepVerification1795503743737 implements MigrationInterface {
  name = 'AddTwoStepVerification1795503743737';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "mfa_challenges" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "token_hash" character varying(64) NOT NULL,
        "auth_account_id" uuid NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "failed_attempts" integer NOT NULL DEFAULT '0',
        "used_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_25d85a6da62620267e003fb4da4" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "mfa_challenges_token_hash_idx" ON "mfa_challenges" ("token_hash")`,
    );
    await queryRunner.query(
      `CREATE INDEX "mfa_challenges_auth_account_id_idx" ON "mfa_challenges" ("auth_account_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "mfa_factors" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "auth_account_id" uuid NOT NULL,
        "type" character varying(16) NOT NULL DEFAULT 'totp',
        "secret_encrypted" text NOT NULL,
        "verified_at" TIMESTAMP WITH TIME ZONE,
        "last_used_step" integer,
        CONSTRAINT "mfa_factors_type_check" CHECK ("type" IN ('totp')),
        CONSTRAINT "PK_2a242f78dd4fed11bd563d4f933" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "mfa_factors_auth_account_id_idx" ON "mfa_factors" ("auth_account_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "mfa_recovery_codes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "auth_account_id" uuid NOT NULL,
        "code_hash" character varying(64) NOT NULL,
        "used_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_0076416b1b84361afc3371ba121" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "mfa_recovery_codes_auth_account_id_idx" ON "mfa_recovery_codes" ("auth_account_id")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "mfa_recovery_codes_code_hash_idx" ON "mfa_recovery_codes" ("code_hash")`,
    );
    await queryRunner.query(
      `ALTER TABLE "mfa_challenges" ADD CONSTRAINT "FK_f47b623b5b8f88ccc0983497494" FOREIGN KEY ("auth_account_id") REFERENCES "auth_accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "mfa_factors" ADD CONSTRAINT "FK_8646bf4caf93911aac0e1980555" FOREIGN KEY ("auth_account_id") REFERENCES "auth_accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "FK_ac043a2fc982401ec8122c8ffff" FOREIGN KEY ("auth_account_id") REFERENCES "auth_accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "mfa_recovery_codes" DROP CONSTRAINT "FK_ac043a2fc982401ec8122c8ffff"`,
    );
    await queryRunner.query(
      `ALTER TABLE "mfa_factors" DROP CONSTRAINT "FK_8646bf4caf93911aac0e1980555"`,
    );
    await queryRunner.query(
      `ALTER TABLE "mfa_challenges" DROP CONSTRAINT "FK_f47b623b5b8f88ccc0983497494"`,
    );
    await queryRunner.query(`DROP INDEX "public"."mfa_recovery_codes_code_hash_idx"`);
    await queryRunner.query(`DROP INDEX "public"."mfa_recovery_codes_auth_account_id_idx"`);
    await queryRunner.query(`DROP TABLE "mfa_recovery_codes"`);
    await queryRunner.query(`DROP INDEX "public"."mfa_factors_auth_account_id_idx"`);
    await queryRunner.query(`DROP TABLE "mfa_factors"`);
    await queryRunner.query(`DROP INDEX "public"."mfa_challenges_auth_account_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."mfa_challenges_token_hash_idx"`);
    await queryRunner.query(`DROP TABLE "mfa_challenges"`);
  }
}
