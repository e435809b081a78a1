import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each workspace's number of leads, kept by statement triggers on `leads`, so that the unfiltered
 * list answers its count without counting 100,000 index entries on every page. Counted rows of
 * an import arrive in one trigger call per statement, not one per row.
 */
export class CountLeadsPerWorkspace1795890000000 implements MigrationInterface {
  name = 'CountLeadsPerWorkspace1795890000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "workspace_lead_counts" (
        "workspace_id" uuid NOT NULL,
        "leads" integer NOT NULL DEFAULT 0,
        CONSTRAINT "PK_workspace_lead_counts" PRIMARY KEY ("workspace_id"),
        CONSTRAINT "FK_workspace_lead_counts_workspace" FOREIGN KEY ("workspace_id")
          REFERENCES "workspaces"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE FUNCTION "workspace_lead_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "workspace_lead_counts" AS c ("workspace_id", "leads")
          SELECT "workspace_id", count(*) FROM "added_leads" GROUP BY "workspace_id"
          ON CONFLICT ("workspace_id") DO UPDATE SET "leads" = c."leads" + EXCLUDED."leads";
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION "workspace_lead_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "workspace_lead_counts" c SET "leads" = c."leads" - d."leads"
          FROM (SELECT "workspace_id", count(*) AS "leads" FROM "removed_leads" GROUP BY "workspace_id") d
         WHERE c."workspace_id" = d."workspace_id";
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "workspace_lead_counts_add" AFTER INSERT ON "leads"
        REFERENCING NEW TABLE AS "added_leads"
        FOR EACH STATEMENT EXECUTE FUNCTION "workspace_lead_counts_add"()`);
    await queryRunner.query(`
      CREATE TRIGGER "workspace_lead_counts_remove" AFTER DELETE ON "leads"
        REFERENCING OLD TABLE AS "removed_leads"
        FOR EACH STATEMENT EXECUTE FUNCTION "workspace_lead_counts_remove"()`);
    await queryRunner.query(
      `INSERT INTO "workspace_lead_counts" ("workspace_id", "leads")
       SELECT "workspace_id", count(*) FROM "leads" GROUP BY "workspace_id"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "workspace_lead_counts_remove" ON "leads"`);
    await queryRunner.query(`DROP TRIGGER "workspace_lead_counts_add" ON "leads"`);
    await queryRunner.query(`DROP FUNCTION "workspace_lead_counts_remove"()`);
    await queryRunner.query(`DROP FUNCTION "workspace_lead_counts_add"()`);
    await queryRunner.query(`DROP TABLE "workspace_lead_counts"`);
  }
}
