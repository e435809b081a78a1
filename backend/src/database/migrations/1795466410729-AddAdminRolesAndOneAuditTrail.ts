import type { MigrationInterface, QueryRunner } from 'typeorm';

const BILLING_TYPES = `'process_refund', 'change_subscription', 'update_billing', 'stripe_sync', 'cancel_subscription', 'reactivate_subscription'`;

/**
 * Roles that grant: administrators hold roles (admin_roles), and the built-in Owner role, given
 * to every existing administrator so nobody loses access. One audit trail: billing changes move
 * into admin_actions, which also records refused attempts (outcome).
 */
export class AddAdminRolesAndOneAuditTrail1795466410729 implements MigrationInterface {
  name = 'AddAdminRolesAndOneAuditTrail1795466410729';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "admin_roles" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "user_id" uuid NOT NULL,
        "role_id" uuid NOT NULL,
        CONSTRAINT "PK_091baca34754e848b9f8c4e7be9" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "admin_roles_role_id_idx" ON "admin_roles" ("role_id")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "admin_roles_user_role_idx" ON "admin_roles" ("user_id", "role_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "admin_actions" ADD "outcome" character varying(16) NOT NULL DEFAULT 'success'`,
    );
    await queryRunner.query(`ALTER TABLE "roles" ADD "is_owner" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `CREATE INDEX "admin_actions_action_type_idx" ON "admin_actions" ("action_type", "created_at")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "roles_single_owner_idx" ON "roles" ("is_owner") WHERE "is_owner"`,
    );
    await queryRunner.query(
      `ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_outcome_check" CHECK ("outcome" IN ('success', 'refused'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "admin_roles" ADD CONSTRAINT "FK_f61103e802b73eceffea5e6b636" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "admin_roles" ADD CONSTRAINT "FK_9483133c289c8e85840ec665be5" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    await queryRunner.query(`
      INSERT INTO "roles" ("name", "description", "permissions", "is_owner")
      VALUES ('Owner', 'Every permission', '{"manage_users": true, "manage_billing": true, "manage_promotions": true, "manage_newsletter": true, "manage_roles": true, "replay_webhooks": true, "view_health": true}', true)
      ON CONFLICT ("name") DO UPDATE SET "is_owner" = true, "permissions" = EXCLUDED."permissions"`);
    await queryRunner.query(`
      INSERT INTO "admin_roles" ("user_id", "role_id")
      SELECT u."id", r."id" FROM "users" u CROSS JOIN "roles" r WHERE u."is_admin" AND r."is_owner"
      ON CONFLICT DO NOTHING`);

    await queryRunner.query(`
      INSERT INTO "admin_actions" ("id", "created_at", "updated_at", "admin_id", "action_type", "target_user_id", "details")
      SELECT "id", "created_at", "updated_at", "admin_id",
             CASE "change_type" WHEN 'refund' THEN 'process_refund' ELSE "change_type" END, "user_id",
             jsonb_build_object('description', COALESCE("reason", replace("change_type", '_', ' ')), 'old_values', "old_values", 'new_values', "new_values")
        FROM "billing_changes"`);
    await queryRunner.query(
      `UPDATE "admin_actions" SET "action_type" = 'process_refund' WHERE "action_type" = 'refund'`,
    );
    await queryRunner.query(`DROP TABLE "billing_changes"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "billing_changes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "admin_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
        "change_type" character varying(64) NOT NULL,
        "reason" character varying(500),
        "old_values" jsonb,
        "new_values" jsonb,
        CONSTRAINT "PK_d1792482c8d9a8ab1a871d29597" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "billing_changes_user_id_idx" ON "billing_changes" ("user_id")`,
    );
    await queryRunner.query(`
      WITH moved AS (
        DELETE FROM "admin_actions" WHERE "action_type" IN (${BILLING_TYPES}) AND "target_user_id" IS NOT NULL AND "outcome" = 'success'
        RETURNING *)
      INSERT INTO "billing_changes" ("id", "created_at", "updated_at", "user_id", "admin_id", "change_type", "reason", "old_values", "new_values")
      SELECT "id", "created_at", "updated_at", "target_user_id", "admin_id",
             CASE "action_type" WHEN 'process_refund' THEN 'refund' ELSE "action_type" END,
             "details"->>'description', "details"->'old_values', "details"->'new_values'
        FROM moved`);
    await queryRunner.query(`DELETE FROM "admin_actions" WHERE "outcome" = 'refused'`);
    await queryRunner.query(`DELETE FROM "roles" WHERE "is_owner"`);
    await queryRunner.query(
      `ALTER TABLE "admin_roles" DROP CONSTRAINT "FK_9483133c289c8e85840ec665be5"`,
    );
    await queryRunner.query(
      `ALTER TABLE "admin_roles" DROP CONSTRAINT "FK_f61103e802b73eceffea5e6b636"`,
    );
    await queryRunner.query(
      `ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_outcome_check"`,
    );
    await queryRunner.query(`DROP INDEX "public"."roles_single_owner_idx"`);
    await queryRunner.query(`DROP INDEX "public"."admin_actions_action_type_idx"`);
    await queryRunner.query(`ALTER TABLE "roles" DROP COLUMN "is_owner"`);
    await queryRunner.query(`ALTER TABLE "admin_actions" DROP COLUMN "outcome"`);
    await queryRunner.query(`DROP INDEX "public"."admin_roles_user_role_idx"`);
    await queryRunner.query(`DROP INDEX "public"."admin_roles_role_id_idx"`);
    await queryRunner.query(`DROP TABLE "admin_roles"`);
  }
}
