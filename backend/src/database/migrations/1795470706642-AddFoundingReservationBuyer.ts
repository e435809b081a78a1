import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The buyer's details and address live on the reservation until the checkout is paid. */
export class AddFoundingReservationBuyer1795470706642 implements MigrationInterface {
  name = 'AddFoundingReservationBuyer1795470706642';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "founding_reservations"
        ADD "first_name" character varying(100),
        ADD "last_name" character varying(100),
        ADD "phone" character varying(32),
        ADD "client_ip" character varying(64)`);
    await queryRunner.query(
      `CREATE INDEX "founding_reservations_live_client_ip_idx" ON "founding_reservations" ("client_ip") WHERE "status" = 'pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "founding_reservations_live_client_ip_idx"`);
    await queryRunner.query(`
      ALTER TABLE "founding_reservations"
        DROP COLUMN "client_ip",
        DROP COLUMN "phone",
        DROP COLUMN "last_name",
        DROP COLUMN "first_name"`);
  }
}
