import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The subscription history the revenue metrics read (one row per change Stripe reports, once per
 * event), and each payment's refunds with their times.
 */
export class AddSubscriptionHistory1795501500424 implements MigrationInterface {
  name = 'AddSubscriptionHistory1795501500424';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "subscription_history" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "stripe_event_id" character varying(255) NOT NULL,
        "stripe_event_type" character varying(64) NOT NULL,
        "stripe_subscription_id" character varying(255) NOT NULL,
        "stripe_customer_id" character varying(255) NOT NULL,
        "user_id" uuid,
        "effective_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "status" character varying(32) NOT NULL,
        "plan_name" character varying(64) NOT NULL,
        "stripe_price_id" character varying(255),
        "quantity" integer NOT NULL DEFAULT '1',
        "unit_amount_cents" integer NOT NULL DEFAULT '0',
        "billing_interval" character varying(8) NOT NULL DEFAULT 'month',
        "interval_count" integer NOT NULL DEFAULT '1',
        "current_period_start" TIMESTAMP WITH TIME ZONE,
        "coupon_id" character varying(255),
        "discount_percent_off" numeric(5,2),
        "discount_amount_off_cents" integer,
        "discount_duration" character varying(16),
        "discount_ends_at" TIMESTAMP WITH TIME ZONE,
        "mrr_cents" integer NOT NULL,
        "undiscounted_mrr_cents" integer NOT NULL,
        "source" character varying(16) NOT NULL,
        CONSTRAINT "UQ_e0171aac8a189200c44c9cfd078" UNIQUE ("stripe_event_id"),
        CONSTRAINT "PK_91a0ee8b462f23bfb2ad7924754" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "subscription_history_customer_idx" ON "subscription_history" ("stripe_customer_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "subscription_history_user_id_idx" ON "subscription_history" ("user_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "subscription_history_subscription_idx" ON "subscription_history" ("stripe_subscription_id", "effective_at")`,
    );
    await queryRunner.query(`ALTER TABLE "transactions" ADD "refunds" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(
      `ALTER TABLE "subscription_history" ADD CONSTRAINT "FK_702016062ea92e14b6c2e6724f8" FOREIGN KEY ("stripe_subscription_id") REFERENCES "subscriptions"("stripe_subscription_id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "subscription_history" ADD CONSTRAINT "FK_f54e1c2dcc806ddcaae98571c09" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "subscription_history" DROP CONSTRAINT "FK_f54e1c2dcc806ddcaae98571c09"`,
    );
    await queryRunner.query(
      `ALTER TABLE "subscription_history" DROP CONSTRAINT "FK_702016062ea92e14b6c2e6724f8"`,
    );
    await queryRunner.query(`ALTER TABLE "transactions" DROP COLUMN "refunds"`);
    await queryRunner.query(`DROP INDEX "public"."subscription_history_subscription_idx"`);
    await queryRunner.query(`DROP INDEX "public"."subscription_history_user_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."subscription_history_customer_idx"`);
    await queryRunner.query(`DROP TABLE "subscription_history"`);
  }
}
