import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Stripe subscriptions as last read from Stripe. */
export class AddSubscriptions1795347690315 implements MigrationInterface {
  name = 'AddSubscriptions1795347690315';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "subscriptions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "stripe_subscription_id" character varying(255) NOT NULL,
        "stripe_customer_id" character varying(255) NOT NULL,
        "user_id" uuid,
        "plan_name" character varying(64) NOT NULL,
        "plan_type" character varying(32) NOT NULL,
        "status" character varying(32) NOT NULL,
        "amount_cents" integer NOT NULL,
        "current_period_end" TIMESTAMP WITH TIME ZONE,
        "cancel_at_period_end" boolean NOT NULL DEFAULT false,
        "canceled_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "UQ_3a2d09d943f39912a01831a9272" UNIQUE ("stripe_subscription_id"),
        CONSTRAINT "PK_a87248d73155605cf782be9ee5e" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "subscriptions_stripe_customer_id_idx" ON "subscriptions" ("stripe_customer_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "subscriptions_user_id_idx" ON "subscriptions" ("user_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "subscriptions_status_idx" ON "subscriptions" ("status")`,
    );
    await queryRunner.query(
      `ALTER TABLE "subscriptions" ADD CONSTRAINT "FK_d0a95ef8a28188364c546eb65c1" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "subscriptions" DROP CONSTRAINT "FK_d0a95ef8a28188364c546eb65c1"`,
    );
    await queryRunner.query(`DROP INDEX "public"."subscriptions_status_idx"`);
    await queryRunner.query(`DROP INDEX "public"."subscriptions_user_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."subscriptions_stripe_customer_id_idx"`);
    await queryRunner.query(`DROP TABLE "subscriptions"`);
  }
}
