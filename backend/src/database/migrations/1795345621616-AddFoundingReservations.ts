import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The founding spots held by checkouts. */
export class AddFoundingReservations1795345621616 implements MigrationInterface {
  name = 'AddFoundingReservations1795345621616';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "founding_reservations" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "email" citext NOT NULL,
        "user_id" uuid,
        "status" character varying(16) NOT NULL DEFAULT 'pending',
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "stripe_customer_id" character varying(255),
        "stripe_checkout_session_id" character varying(255),
        "checkout_url" text,
        "paid_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "UQ_ea79d66ba95493549740d1ebbd9" UNIQUE ("stripe_checkout_session_id"),
        CONSTRAINT "founding_reservations_status_check" CHECK ("status" IN ('pending', 'paid', 'expired', 'released')),
        CONSTRAINT "PK_5f108c0fd33fe026951e1a9cdd4" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "founding_reservations_live_email_idx" ON "founding_reservations" ("email") WHERE "status" = 'pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."founding_reservations_live_email_idx"`);
    await queryRunner.query(`DROP TABLE "founding_reservations"`);
  }
}
