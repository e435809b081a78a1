import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A lead's moves between stages, each with the reason given for won or lost, for its timeline;
 * and each member's visits to the Welcome page, whose news reads "since your last visit".
 */
export class AddStageChangesAndNewsVisits1795886062548 implements MigrationInterface {
  name = 'AddStageChangesAndNewsVisits1795886062548';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "lead_stage_changes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "workspace_id" uuid NOT NULL REFERENCES "workspaces"("id") ON DELETE CASCADE,
        "lead_id" uuid NOT NULL REFERENCES "leads"("id") ON DELETE CASCADE,
        "from_stage" character varying(16),
        "to_stage" character varying(16),
        "reason" character varying(500),
        CONSTRAINT "lead_stage_changes_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "lead_stage_changes_lead_created_idx" ON "lead_stage_changes" ("lead_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "lead_stage_changes_workspace_idx" ON "lead_stage_changes" ("workspace_id")`,
    );
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
    await queryRunner.query(`DROP TABLE "lead_stage_changes"`);
  }
}
