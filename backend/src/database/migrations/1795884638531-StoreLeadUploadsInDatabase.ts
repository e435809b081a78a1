import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A lead import's upload waits for its job in the database, in parts of up to a megabyte, so the
 * job reads it on whichever instance runs it with no shared folder. The parts go with their
 * import (deleted by the job once read, or with the workspace).
 */
export class StoreLeadUploadsInDatabase1795884638531 implements MigrationInterface {
  name = 'StoreLeadUploadsInDatabase1795884638531';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "lead_import_uploads" (
        "import_id" uuid NOT NULL REFERENCES "lead_imports" ("id") ON DELETE CASCADE,
        "part" integer NOT NULL,
        "data" bytea NOT NULL,
        CONSTRAINT "lead_import_uploads_pkey" PRIMARY KEY ("import_id", "part")
      )`);
    // The parts are compressed archives already: PostgreSQL need not try again.
    await queryRunner.query(
      `ALTER TABLE "lead_import_uploads" ALTER COLUMN "data" SET STORAGE EXTERNAL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "lead_import_uploads"`);
  }
}
