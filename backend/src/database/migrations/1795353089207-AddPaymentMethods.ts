import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Cards on file, as synced from Stripe. */
export class AddPaymentMethods1795353089207 implements MigrationInterface {
  name = 'AddPaymentMethods1795353089207';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "payment_methods" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "user_id" uuid,
        "stripe_customer_id" character varying(255) NOT NULL,
        "stripe_payment_method_id" character varying(255) NOT NULL,
        "card_brand" character varying(32),
        "card_last4" character varying(4),
        "card_exp_month" integer,
        "card_exp_year" integer,
        "is_default" boolean NOT NULL DEFAULT false,
        CONSTRAINT "UQ_1f03501f788e64bf699d206fa51" UNIQUE ("stripe_payment_method_id"),
        CONSTRAINT "PK_34f9b8c6dfb4ac3559f7e2820d1" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "payment_methods_user_id_idx" ON "payment_methods" ("user_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "payment_methods_stripe_customer_id_idx" ON "payment_methods" ("stripe_customer_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "payment_methods" ADD CONSTRAINT "FK_d7d7fb15569674aaadcfbc0428c" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "payment_methods" DROP CONSTRAINT "FK_d7d7fb15569674aaadcfbc0428c"`,
    );
    await queryRunner.query(`DROP INDEX "public"."payment_methods_stripe_customer_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."payment_methods_user_id_idx"`);
    await queryRunner.query(`DROP TABLE "payment_methods"`);
  }
}
