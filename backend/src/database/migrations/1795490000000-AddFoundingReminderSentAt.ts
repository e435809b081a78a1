import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When a founding member was told their founding period ends: the reminder goes once. */
export class AddFoundingReminderSentAt1795490000000 implements MigrationInterface {
  name = 'AddFoundingReminderSentAt1795490000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "users" ADD "founding_reminder_sent_at" TIMESTAMP WITH TIME ZONE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "founding_reminder_sent_at"`);
  }
}
