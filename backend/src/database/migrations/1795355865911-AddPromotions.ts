import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Promotion codes, kept in step with Stripe coupons and promotion codes. */
export class AddPromotions1795355865911 implements MigrationInterface {
  name = 'AddPromotions1795355865911';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "promotions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "name" character varying(100) NOT NULL,
        "code" citext NOT NULL,
        "type" character varying(16) NOT NULL,
        "value" integer NOT NULL,
        "max_uses" integer,
        "current_uses" integer NOT NULL DEFAULT '0',
        "active" boolean NOT NULL DEFAULT true,
        "expires_at" TIMESTAMP WITH TIME ZONE,
        "stripe_coupon_id" character varying(255),
        "stripe_promotion_code_id" character varying(255),
        CONSTRAINT "UQ_8ab10e580f70c3d2e2e4b31ebf2" UNIQUE ("code"),
        CONSTRAINT "promotions_type_check" CHECK ("type" IN ('percentage', 'fixed_amount')),
        CONSTRAINT "PK_380cecbbe3ac11f0e5a7c452c34" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "promotions_stripe_promotion_code_id_idx" ON "promotions" ("stripe_promotion_code_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "promotions_created_at_idx" ON "promotions" ("created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."promotions_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."promotions_stripe_promotion_code_id_idx"`);
    await queryRunner.query(`DROP TABLE "promotions"`);
  }
}
