import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each move of a lead between pipeline stages, so analytics can tell how far a lead got (a lost
 * lead may have reached a meeting) and when it reached the meeting. Leads already in the pipeline
 * get one row: their current stage, as of their last change.
 */
export class AddLeadStageChanges1795884527891 implements MigrationInterface {
  name = 'AddLeadStageChanges1795884527891';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "lead_stage_changes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "workspace_id" uuid NOT NULL REFERENCES "workspaces" ("id") ON DELETE CASCADE,
        "lead_id" uuid NOT NULL REFERENCES "leads" ("id") ON DELETE CASCADE,
        "from_stage" character varying(16),
        "to_stage" character varying(16),
        "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "lead_stage_changes_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "lead_stage_changes_workspace_changed_idx" ON "lead_stage_changes" ("workspace_id", "changed_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "lead_stage_changes_lead_stage_idx" ON "lead_stage_changes" ("lead_id", "to_stage", "changed_at")`,
    );
    await queryRunner.query(`
      INSERT INTO "lead_stage_changes" ("workspace_id", "lead_id", "from_stage", "to_stage", "changed_at")
      SELECT "workspace_id", "id", NULL, "stage", "updated_at" FROM "leads" WHERE "stage" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "lead_stage_changes"`);
  }
}
