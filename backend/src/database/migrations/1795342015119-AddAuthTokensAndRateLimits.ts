import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Single-use link tokens, rotating refresh tokens, and rate-limit counters. */
export class AddAuthTokensAndRateLimits1795342015119 implements MigrationInterface {
  name = 'AddAuthTokensAndRateLimits1795342015119';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auth_tokens" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "kind" character varying(32) NOT NULL,
        "token_hash" character varying(64) NOT NULL,
        "auth_account_id" uuid NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "used_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "auth_tokens_kind_check" CHECK ("kind" IN ('email_confirmation', 'password_reset', 'password_setup')),
        CONSTRAINT "PK_41e9ddfbb32da18c4e85e45c2fd" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "auth_tokens_token_hash_idx" ON "auth_tokens" ("token_hash")`,
    );
    await queryRunner.query(
      `CREATE INDEX "auth_tokens_auth_account_id_idx" ON "auth_tokens" ("auth_account_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "refresh_tokens" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "token_hash" character varying(64) NOT NULL,
        "family_id" uuid NOT NULL,
        "auth_account_id" uuid NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "used_at" TIMESTAMP WITH TIME ZONE,
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        "user_agent" character varying(300),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_7d8bee0204106019488c4c50ffa" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "refresh_tokens_token_hash_idx" ON "refresh_tokens" ("token_hash")`,
    );
    await queryRunner.query(
      `CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens" ("family_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "refresh_tokens_auth_account_id_idx" ON "refresh_tokens" ("auth_account_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "rate_limit_counters" (
        "key" character varying(300) NOT NULL,
        "hits" integer NOT NULL,
        "reset_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_ad665f1998311a7bd0e8265365d" PRIMARY KEY ("key")
      )`);
    await queryRunner.query(
      `CREATE INDEX "rate_limit_counters_reset_at_idx" ON "rate_limit_counters" ("reset_at")`,
    );
    await queryRunner.query(
      `ALTER TABLE "auth_tokens" ADD CONSTRAINT "FK_50a6de0bf7a10be07b4c3d3f80a" FOREIGN KEY ("auth_account_id") REFERENCES "auth_accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "refresh_tokens" ADD CONSTRAINT "FK_d8aff56339c86447069e55f32d7" FOREIGN KEY ("auth_account_id") REFERENCES "auth_accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "refresh_tokens" DROP CONSTRAINT "FK_d8aff56339c86447069e55f32d7"`,
    );
    await queryRunner.query(
      `ALTER TABLE "auth_tokens" DROP CONSTRAINT "FK_50a6de0bf7a10be07b4c3d3f80a"`,
    );
    await queryRunner.query(`DROP INDEX "public"."rate_limit_counters_reset_at_idx"`);
    await queryRunner.query(`DROP TABLE "rate_limit_counters"`);
    await queryRunner.query(`DROP INDEX "public"."refresh_tokens_auth_account_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."refresh_tokens_family_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."refresh_tokens_token_hash_idx"`);
    await queryRunner.query(`DROP TABLE "refresh_tokens"`);
    await queryRunner.query(`DROP INDEX "public"."auth_tokens_auth_account_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."auth_tokens_token_hash_idx"`);
    await queryRunner.query(`DROP TABLE "auth_tokens"`);
  }
}
