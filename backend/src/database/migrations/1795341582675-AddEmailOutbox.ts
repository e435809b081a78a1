import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The e-mail outbox: one row per e-mail, delivered by a job. */
export class AddEmailOutbox1795341582675 implements MigrationInterface {
  name = 'AddEmailOutbox1795341582675';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "emails" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "to_email" citext NOT NULL,
        "template" character varying(64) NOT NULL,
        "subject" character varying(300) NOT NULL,
        "data" jsonb NOT NULL DEFAULT '{}',
        "status" character varying(16) NOT NULL DEFAULT 'queued',
        "attempts" integer NOT NULL DEFAULT '0',
        "last_error" text,
        "provider_message_id" character varying(255),
        "sent_at" TIMESTAMP WITH TIME ZONE,
        "claimed_until" TIMESTAMP WITH TIME ZONE,
        "user_id" uuid,
        "resent_from_id" uuid,
        CONSTRAINT "emails_status_check" CHECK ("status" IN ('queued', 'sent', 'failed', 'logged')),
        CONSTRAINT "PK_a54dcebef8d05dca7e839749571" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "emails_user_id_idx" ON "emails" ("user_id")`);
    await queryRunner.query(
      `CREATE INDEX "emails_status_created_at_idx" ON "emails" ("status", "created_at")`,
    );
    await queryRunner.query(
      `ALTER TABLE "emails" ADD CONSTRAINT "FK_4c1f50332557b4c0adb2c6cac41" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "emails" DROP CONSTRAINT "FK_4c1f50332557b4c0adb2c6cac41"`,
    );
    await queryRunner.query(`DROP INDEX "public"."emails_status_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."emails_user_id_idx"`);
    await queryRunner.query(`DROP TABLE "emails"`);
  }
}
