import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily digest: the member's time zone, and one row per member and local day, claimed before
 * the e-mail is queued (in the same transaction), so the digest goes out once a day whatever
 * the number of instances and restarts. The row also records a day with nothing to say, or the
 * switch off, so that day is not looked at again.
 */
export class AddDailyDigest1795884536806 implements MigrationInterface {
  name = 'AddDailyDigest1795884536806';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "time_zone" character varying(64)`);
    await queryRunner.query(`
      CREATE TABLE "lead_digests" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "local_date" date NOT NULL,
        "time_zone" character varying(64) NOT NULL,
        "outcome" character varying(8) NOT NULL CHECK ("outcome" IN ('sent', 'nothing', 'off')),
        "email_id" uuid REFERENCES "emails" ("id") ON DELETE SET NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "lead_digests_pkey" PRIMARY KEY ("user_id", "local_date")
      )`);
    await queryRunner.query(
      `CREATE INDEX "lead_digests_created_idx" ON "lead_digests" ("created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "lead_digests"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "time_zone"`);
  }
}
