import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The ids of the SendGrid events applied, so that a redelivered event is ignored. */
export class AddSendGridEvents1795471093611 implements MigrationInterface {
  name = 'AddSendGridEvents1795471093611';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "sendgrid_events" (
        "sg_event_id" character varying(255) NOT NULL,
        "applied_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_e0dccbf99e41476eaf5007a7556" PRIMARY KEY ("sg_event_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sendgrid_events"`);
  }
}
