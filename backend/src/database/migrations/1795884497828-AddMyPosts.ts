import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The member's own posts, comments and reactions from their LinkedIn export (`my_posts`). */
export class AddMyPosts1795884497828 implements MigrationInterface {
  name = 'AddMyPosts1795884497828';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "my_posts" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "workspace_id" uuid NOT NULL,
        "kind" character varying(16) NOT NULL,
        "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "url" character varying(2048),
        "text" text,
        "source" character varying(64) NOT NULL,
        "dedupe_key" character varying(255) NOT NULL,
        CONSTRAINT "PK_8f601a276d1dfe8a40476430f9b" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "my_posts_workspace_dedupe_idx" ON "my_posts" ("workspace_id", "dedupe_key")`,
    );
    await queryRunner.query(
      `CREATE INDEX "my_posts_workspace_occurred_idx" ON "my_posts" ("workspace_id", "occurred_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "my_posts_workspace_url_idx" ON "my_posts" ("workspace_id", "url")`,
    );
    await queryRunner.query(
      `ALTER TABLE "my_posts" ADD CONSTRAINT "FK_49eeb6e51d904edc27ac2af60dc" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "my_posts" DROP CONSTRAINT "FK_49eeb6e51d904edc27ac2af60dc"`,
    );
    await queryRunner.query(`DROP INDEX "public"."my_posts_workspace_url_idx"`);
    await queryRunner.query(`DROP INDEX "public"."my_posts_workspace_occurred_idx"`);
    await queryRunner.query(`DROP INDEX "public"."my_posts_workspace_dedupe_idx"`);
    await queryRunner.query(`DROP TABLE "my_posts"`);
  }
}
