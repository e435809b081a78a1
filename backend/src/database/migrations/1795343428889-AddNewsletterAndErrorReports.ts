import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Newsletter subscribers (the waitlist among them) and browsers' error reports. */
export class AddNewsletterAndErrorReports1795343428889 implements MigrationInterface {
  name = 'AddNewsletterAndErrorReports1795343428889';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "error_reports" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "error_id" character varying(64) NOT NULL,
        "message" text NOT NULL,
        "stack" text,
        "component_stack" text,
        "url" text,
        "user_agent" character varying(500),
        "environment" character varying(32),
        "reported_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_7ad997b17e029b745874a1a1eac" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "error_reports_created_at_idx" ON "error_reports" ("created_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "newsletter_subscriptions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "email" citext NOT NULL,
        "status" character varying(16) NOT NULL DEFAULT 'active',
        "source" character varying(32) NOT NULL,
        "first_name" character varying(100),
        "last_name" character varying(100),
        "confirmed_at" TIMESTAMP WITH TIME ZONE,
        "last_email_sent_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "UQ_57fd53bd8b39fe19d2be8136f64" UNIQUE ("email"),
        CONSTRAINT "newsletter_subscriptions_status_check" CHECK ("status" IN ('active', 'unsubscribed', 'bounced', 'pending')),
        CONSTRAINT "PK_cfca9a6e4f146a80a6cd2e76f1d" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "newsletter_subscriptions_created_at_idx" ON "newsletter_subscriptions" ("created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."newsletter_subscriptions_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "newsletter_subscriptions"`);
    await queryRunner.query(`DROP INDEX "public"."error_reports_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "error_reports"`);
  }
}
