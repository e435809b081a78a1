import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Comment drafts: each set of five (one AI credit, counted by its creation month) and its
 * drafts, with the member's used or skipped marks.
 */
export class AddCommentDrafts1795876098757 implements MigrationInterface {
  name = 'AddCommentDrafts1795876098757';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "comment_draft_sets" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "workspace_id" uuid NOT NULL REFERENCES "workspaces" ("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "lead_id" uuid REFERENCES "leads" ("id") ON DELETE SET NULL,
        "post_text" text NOT NULL,
        "post_url" character varying(2048),
        "provider" character varying(16) NOT NULL,
        "fallback" boolean NOT NULL DEFAULT false,
        CONSTRAINT "comment_draft_sets_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "comment_draft_sets_workspace_created_idx" ON "comment_draft_sets" ("workspace_id", "created_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "comment_draft_sets_user_created_idx" ON "comment_draft_sets" ("user_id", "created_at" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE "comment_drafts" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "workspace_id" uuid NOT NULL REFERENCES "workspaces" ("id") ON DELETE CASCADE,
        "set_id" uuid NOT NULL REFERENCES "comment_draft_sets" ("id") ON DELETE CASCADE,
        "position" smallint NOT NULL,
        "angle" character varying(16) NOT NULL,
        "text" character varying(1250) NOT NULL,
        "status" character varying(8),
        "marked_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "comment_drafts_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "comment_drafts_status_check" CHECK ("status" IN ('used', 'skipped'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "comment_drafts_set_idx" ON "comment_drafts" ("set_id", "position")`,
    );
    await queryRunner.query(
      `CREATE INDEX "comment_drafts_workspace_status_idx" ON "comment_drafts" ("workspace_id", "angle") WHERE "status" = 'used'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "comment_drafts"`);
    await queryRunner.query(`DROP TABLE "comment_draft_sets"`);
  }
}
