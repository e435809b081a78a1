import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reason given for won or lost, kept on each move between stages (`lead_stage_changes`, which
 * analytics' funnel reads too), so the lead's timeline shows why; and each member's visits to the
 * Welcome page, whose news reads "since your last visit".
 */
export class AddStageChangeReasonsAndNewsVisits1795889294424 implements MigrationInterface {
  name = 'AddStageChangeReasonsAndNewsVisits1795889294424';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lead_stage_changes" ADD "reason" character varying(500)`);
    // Leads already won or lost: their move into that stage takes the reason they carry.
    await queryRunner.query(`
      UPDATE "lead_stage_changes" c SET "reason" = l."stage_reason"
        FROM "leads" l
       WHERE l."id" = c."lead_id" AND l."stage" IN ('won', 'lost') AND l."stage_reason" IS NOT NULL
         AND c."to_stage" = l."stage"
         AND c."id" = (SELECT "id" FROM "lead_stage_changes" x WHERE x."lead_id" = l."id"
                        ORDER BY x."changed_at" DESC, x."id" DESC LIMIT 1)`);
    await queryRunner.query(`
      CREATE TABLE "lead_news_visits" (
        "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "seen_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "previous_seen_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "lead_news_visits_pkey" PRIMARY KEY ("user_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "lead_news_visits"`);
    await queryRunner.query(`ALTER TABLE "lead_stage_changes" DROP COLUMN "reason"`);
  }
}
