import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Renewal invoices whose payment failed: the grace period of each, and which dunning e-mails went
 * out (each once per invoice).
 */
export class AddDunningInvoices1795504523336 implements MigrationInterface {
  name = 'AddDunningInvoices1795504523336';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "dunning_invoices" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "stripe_invoice_id" character varying(255) NOT NULL,
        "stripe_subscription_id" character varying(255) NOT NULL,
        "stripe_customer_id" character varying(255) NOT NULL,
        "user_id" uuid,
        "status" character varying(16) NOT NULL,
        "amount_cents" integer NOT NULL,
        "first_failed_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "grace_ends_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "next_payment_attempt" TIMESTAMP WITH TIME ZONE,
        "attempt_count" integer NOT NULL DEFAULT '0',
        "stripe_test_clock" character varying(255),
        "blocked_at" TIMESTAMP WITH TIME ZONE,
        "paid_at" TIMESTAMP WITH TIME ZONE,
        "failed_email_sent_at" TIMESTAMP WITH TIME ZONE,
        "recovered_email_sent_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "UQ_767b3efcecc03b33881737891c7" UNIQUE ("stripe_invoice_id"),
        CONSTRAINT "PK_b613fae2c120f91ea21eb31c5a2" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "dunning_invoices_user_id_idx" ON "dunning_invoices" ("user_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "dunning_invoices_subscription_idx" ON "dunning_invoices" ("stripe_subscription_id", "status")`,
    );
    await queryRunner.query(
      `ALTER TABLE "dunning_invoices" ADD CONSTRAINT "FK_2640960c9beff45ea206207119b" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "dunning_invoices" DROP CONSTRAINT "FK_2640960c9beff45ea206207119b"`,
    );
    await queryRunner.query(`DROP INDEX "public"."dunning_invoices_subscription_idx"`);
    await queryRunner.query(`DROP INDEX "public"."dunning_invoices_user_id_idx"`);
    await queryRunner.query(`DROP TABLE "dunning_invoices"`);
  }
}
