import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Payments as read from Stripe's invoices, and the audit trail of back-office and system changes. */
export class AddTransactionsAndAdminActions1795349754446 implements MigrationInterface {
  name = 'AddTransactionsAndAdminActions1795349754446';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "admin_actions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "admin_id" uuid,
        "action_type" character varying(64) NOT NULL,
        "target_user_id" uuid,
        "details" jsonb NOT NULL,
        CONSTRAINT "PK_08d0b319675c4968ff9e0dca4c3" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "admin_actions_admin_id_idx" ON "admin_actions" ("admin_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "admin_actions_target_user_id_idx" ON "admin_actions" ("target_user_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "admin_actions_created_at_idx" ON "admin_actions" ("created_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "transactions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "user_id" uuid,
        "stripe_customer_id" character varying(255) NOT NULL,
        "stripe_invoice_id" character varying(255),
        "stripe_charge_id" character varying(255),
        "stripe_subscription_id" character varying(255),
        "amount_cents" integer NOT NULL,
        "amount_refunded_cents" integer NOT NULL DEFAULT '0',
        "currency" character varying(3) NOT NULL DEFAULT 'usd',
        "status" character varying(32) NOT NULL,
        "description" character varying(500),
        "receipt_url" text,
        "paid_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "UQ_17e48489b2bf1f0ad437559abaf" UNIQUE ("stripe_invoice_id"),
        CONSTRAINT "UQ_c59f4c82054cccdc49086136657" UNIQUE ("stripe_charge_id"),
        CONSTRAINT "PK_a219afd8dd77ed80f5a862f1db9" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "transactions_user_id_idx" ON "transactions" ("user_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "transactions_stripe_customer_id_idx" ON "transactions" ("stripe_customer_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "admin_actions" ADD CONSTRAINT "FK_8ad18c5e0eba9afc41934142289" FOREIGN KEY ("admin_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "admin_actions" ADD CONSTRAINT "FK_a350ec07c473eaff3c3596d602f" FOREIGN KEY ("target_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "transactions" ADD CONSTRAINT "FK_e9acc6efa76de013e8c1553ed2b" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "transactions" DROP CONSTRAINT "FK_e9acc6efa76de013e8c1553ed2b"`,
    );
    await queryRunner.query(
      `ALTER TABLE "admin_actions" DROP CONSTRAINT "FK_a350ec07c473eaff3c3596d602f"`,
    );
    await queryRunner.query(
      `ALTER TABLE "admin_actions" DROP CONSTRAINT "FK_8ad18c5e0eba9afc41934142289"`,
    );
    await queryRunner.query(`DROP INDEX "public"."transactions_stripe_customer_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."transactions_user_id_idx"`);
    await queryRunner.query(`DROP TABLE "transactions"`);
    await queryRunner.query(`DROP INDEX "public"."admin_actions_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."admin_actions_target_user_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."admin_actions_admin_id_idx"`);
    await queryRunner.query(`DROP TABLE "admin_actions"`);
  }
}
