import type { MigrationInterface, QueryRunner } from 'typeorm';

/** "Your subscription has ended": once, when Stripe cancels a subscription its retries could not pay. */
export class AddDunningEndedEmail1795513000000 implements MigrationInterface {
  name = 'AddDunningEndedEmail1795513000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "dunning_invoices" ADD "ended_email_sent_at" TIMESTAMP WITH TIME ZONE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "dunning_invoices" DROP COLUMN "ended_email_sent_at"`);
  }
}
