import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Roles, the billing audit trail, complimentary access, and trigram indexes for the admin's user search. */
export class AddRolesBillingChangesAndComplimentaryAccess1795350365956 implements MigrationInterface {
  name = 'AddRolesBillingChangesAndComplimentaryAccess1795350365956';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "billing_changes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "user_id" uuid NOT NULL,
        "admin_id" uuid,
        "change_type" character varying(64) NOT NULL,
        "reason" character varying(500),
        "old_values" jsonb,
        "new_values" jsonb,
        CONSTRAINT "PK_d1792482c8d9a8ab1a871d29597" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "billing_changes_user_id_idx" ON "billing_changes" ("user_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "roles" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "name" citext NOT NULL,
        "description" character varying(500) NOT NULL DEFAULT '',
        "permissions" jsonb NOT NULL DEFAULT '{}',
        CONSTRAINT "UQ_648e3f5447f725579d7d4ffdfb7" UNIQUE ("name"),
        CONSTRAINT "PK_c1433d71a4838793a49dcad46ab" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`ALTER TABLE "users" ADD "complimentary_plan" character varying(32)`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD "complimentary_expires_at" TIMESTAMP WITH TIME ZONE`,
    );
    for (const column of ['email', 'first_name', 'last_name'])
      await queryRunner.query(
        `CREATE INDEX "users_${column}_trgm_idx" ON "users" USING gin ("${column}" gin_trgm_ops)`,
      );
    await queryRunner.query(
      `ALTER TABLE "billing_changes" ADD CONSTRAINT "FK_33cef316241fbfc1744ddeabdcf" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "billing_changes" ADD CONSTRAINT "FK_0ef068714ca4cec5acf720fbbad" FOREIGN KEY ("admin_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['email', 'first_name', 'last_name'])
      await queryRunner.query(`DROP INDEX "public"."users_${column}_trgm_idx"`);
    await queryRunner.query(
      `ALTER TABLE "billing_changes" DROP CONSTRAINT "FK_0ef068714ca4cec5acf720fbbad"`,
    );
    await queryRunner.query(
      `ALTER TABLE "billing_changes" DROP CONSTRAINT "FK_33cef316241fbfc1744ddeabdcf"`,
    );
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "complimentary_expires_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "complimentary_plan"`);
    await queryRunner.query(`DROP TABLE "roles"`);
    await queryRunner.query(`DROP INDEX "public"."billing_changes_user_id_idx"`);
    await queryRunner.query(`DROP TABLE "billing_changes"`);
  }
}
