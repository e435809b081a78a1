import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Stripe events as received, processed by a job. */
export class AddStripeEvents1795345101668 implements MigrationInterface {
  name = 'AddStripeEvents1795345101668';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "stripe_events" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "stripe_event_id" character varying(255) NOT NULL,
        "event_type" character varying(100) NOT NULL,
        "event_data" jsonb NOT NULL,
        "processed" boolean NOT NULL DEFAULT false,
        "processed_at" TIMESTAMP WITH TIME ZONE,
        "error_message" text,
        "attempts" integer NOT NULL DEFAULT '0',
        CONSTRAINT "UQ_617492c9354ecce287ffa8c0ccc" UNIQUE ("stripe_event_id"),
        CONSTRAINT "PK_d3247bd5fc3f66b6982bbcdd897" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "stripe_events_event_type_idx" ON "stripe_events" ("event_type")`,
    );
    await queryRunner.query(
      `CREATE INDEX "stripe_events_processed_created_at_idx" ON "stripe_events" ("processed", "created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."stripe_events_processed_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."stripe_events_event_type_idx"`);
    await queryRunner.query(`DROP TABLE "stripe_events"`);
  }
}
