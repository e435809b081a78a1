import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scoring, Today and the pipeline: each workspace's ICP with the state of its rescoring job,
 * a won or lost lead's reason, and when a lead was last marked done in Today.
 */
export class AddLeadScoring1795873479532 implements MigrationInterface {
  name = 'AddLeadScoring1795873479532';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "workspace_icps" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "workspace_id" uuid NOT NULL,
        "icp" jsonb NOT NULL,
        "version" integer NOT NULL DEFAULT '1',
        "rescore_status" character varying(16) NOT NULL DEFAULT 'idle',
        "rescore_progress" smallint NOT NULL DEFAULT '0',
        "rescore_started_at" TIMESTAMP WITH TIME ZONE,
        "rescore_finished_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "workspace_icps_status_check" CHECK ("rescore_status" IN ('idle', 'queued', 'running', 'done', 'failed')),
        CONSTRAINT "PK_993a659d69f016b6c2f1a0ef4f6" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "workspace_icps_workspace_idx" ON "workspace_icps" ("workspace_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "workspace_icps" ADD CONSTRAINT "FK_workspace_icps_workspace" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "leads" ADD "stage_reason" character varying(500)`);
    await queryRunner.query(`ALTER TABLE "leads" ADD "today_done_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "today_done_at"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "stage_reason"`);
    await queryRunner.query(
      `ALTER TABLE "workspace_icps" DROP CONSTRAINT "FK_workspace_icps_workspace"`,
    );
    await queryRunner.query(`DROP INDEX "public"."workspace_icps_workspace_idx"`);
    await queryRunner.query(`DROP TABLE "workspace_icps"`);
  }
}
