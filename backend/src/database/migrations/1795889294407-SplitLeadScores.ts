import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scores in a narrow table of their own. A rescoring after an ICP change rewrites every lead's
 * score; on `leads` each of those updates wrote a whole lead row again and an entry in each of
 * its fifteen indexes (four of them trigram), which took 20–34 s for 100,000 leads. In
 * `lead_scores` it writes a short row and two index entries. A trigger gives every new lead its
 * row (zeros until it is scored), so the score sort can read `lead_scores` alone.
 */
export class SplitLeadScores1795889294407 implements MigrationInterface {
  name = 'SplitLeadScores1795889294407';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "lead_scores" (
        "lead_id" uuid NOT NULL,
        "workspace_id" uuid NOT NULL,
        "fit" smallint NOT NULL DEFAULT '0',
        "intent" smallint NOT NULL DEFAULT '0',
        "score" smallint NOT NULL DEFAULT '0',
        "breakdown" jsonb NOT NULL DEFAULT '[]',
        CONSTRAINT "PK_lead_scores" PRIMARY KEY ("lead_id")
      )`);
    await queryRunner.query(
      `INSERT INTO "lead_scores" ("lead_id", "workspace_id", "fit", "intent", "score", "breakdown")
       SELECT "id", "workspace_id", "fit", "intent", "score", "breakdown" FROM "leads"`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_scores" ADD CONSTRAINT "FK_a3e6c6eb4c4527b23de1ed0b837" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE INDEX "lead_scores_workspace_score_idx" ON "lead_scores" ("workspace_id", "score" DESC, "lead_id" DESC)`,
    );
    await queryRunner.query(`
      CREATE FUNCTION "lead_scores_for_new_leads"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "lead_scores" ("lead_id", "workspace_id") SELECT "id", "workspace_id" FROM "added_leads";
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "lead_scores_for_new_leads" AFTER INSERT ON "leads"
        REFERENCING NEW TABLE AS "added_leads"
        FOR EACH STATEMENT EXECUTE FUNCTION "lead_scores_for_new_leads"()`);
    await queryRunner.query(`DROP INDEX "public"."leads_workspace_score_idx"`);
    await queryRunner.query(
      `ALTER TABLE "leads" DROP COLUMN "fit", DROP COLUMN "intent", DROP COLUMN "score", DROP COLUMN "breakdown"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "leads" ADD "fit" smallint NOT NULL DEFAULT '0', ADD "intent" smallint NOT NULL DEFAULT '0',
         ADD "score" smallint NOT NULL DEFAULT '0', ADD "breakdown" jsonb NOT NULL DEFAULT '[]'`,
    );
    await queryRunner.query(
      `UPDATE "leads" l SET "fit" = s."fit", "intent" = s."intent", "score" = s."score", "breakdown" = s."breakdown"
         FROM "lead_scores" s WHERE s."lead_id" = l."id"`,
    );
    await queryRunner.query(
      `CREATE INDEX "leads_workspace_score_idx" ON "leads" ("workspace_id", "score" DESC, "id" DESC)`,
    );
    await queryRunner.query(`DROP TRIGGER "lead_scores_for_new_leads" ON "leads"`);
    await queryRunner.query(`DROP FUNCTION "lead_scores_for_new_leads"()`);
    await queryRunner.query(`DROP TABLE "lead_scores"`);
  }
}
