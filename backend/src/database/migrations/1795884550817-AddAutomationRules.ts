import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Automation: each workspace's rules, their runs (at most one per rule and lead a day, and one
 * per rule and event, so a replayed job runs nothing twice), the webhook calls of a run with
 * their answers, and the rule that made a task (a rule's own task starts no rule).
 */
export class AddAutomationRules1795884550817 implements MigrationInterface {
  name = 'AddAutomationRules1795884550817';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "automation_rules" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "workspace_id" uuid NOT NULL REFERENCES "workspaces" ("id") ON DELETE CASCADE,
        "name" character varying(120) NOT NULL,
        "enabled" boolean NOT NULL DEFAULT true,
        "trigger_kind" character varying(20) NOT NULL,
        "trigger" jsonb NOT NULL,
        "conditions" jsonb NOT NULL DEFAULT '{}',
        "actions" jsonb NOT NULL,
        "webhook_secret" character varying(100) NOT NULL,
        CONSTRAINT "automation_rules_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "automation_rules_trigger_check" CHECK ("trigger_kind" IN ('new_signal', 'score_crossed', 'job_change', 'task_overdue', 'stage_changed'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "automation_rules_workspace_idx" ON "automation_rules" ("workspace_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "automation_rules_trigger_idx" ON "automation_rules" ("workspace_id", "trigger_kind") WHERE "enabled"`,
    );
    await queryRunner.query(`
      CREATE TABLE "automation_runs" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "workspace_id" uuid NOT NULL REFERENCES "workspaces" ("id") ON DELETE CASCADE,
        "rule_id" uuid NOT NULL REFERENCES "automation_rules" ("id") ON DELETE CASCADE,
        "lead_id" uuid NOT NULL REFERENCES "leads" ("id") ON DELETE CASCADE,
        "run_day" date NOT NULL,
        "event_key" character varying(200) NOT NULL,
        "trigger" jsonb NOT NULL,
        "actions" jsonb NOT NULL DEFAULT '[]',
        "outcome" character varying(16) NOT NULL DEFAULT 'done',
        CONSTRAINT "automation_runs_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "automation_runs_outcome_check" CHECK ("outcome" IN ('done', 'partial', 'failed'))
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "automation_runs_daily_idx" ON "automation_runs" ("rule_id", "lead_id", "run_day")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "automation_runs_event_idx" ON "automation_runs" ("rule_id", "event_key")`,
    );
    await queryRunner.query(
      `CREATE INDEX "automation_runs_workspace_created_idx" ON "automation_runs" ("workspace_id", "created_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "automation_runs_lead_idx" ON "automation_runs" ("lead_id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "automation_webhook_deliveries" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "workspace_id" uuid NOT NULL REFERENCES "workspaces" ("id") ON DELETE CASCADE,
        "run_id" uuid NOT NULL REFERENCES "automation_runs" ("id") ON DELETE CASCADE,
        "rule_id" uuid NOT NULL REFERENCES "automation_rules" ("id") ON DELETE CASCADE,
        "url" character varying(2048) NOT NULL,
        "body" text NOT NULL,
        "status" character varying(16) NOT NULL DEFAULT 'pending',
        "attempts" integer NOT NULL DEFAULT 0,
        "response_status" integer,
        "response_body" character varying(500),
        "error" character varying(500),
        "last_attempt_at" TIMESTAMP WITH TIME ZONE,
        "delivered_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "automation_webhook_deliveries_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "automation_webhook_deliveries_status_check" CHECK ("status" IN ('pending', 'delivered', 'retrying', 'failed', 'refused'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "automation_webhook_deliveries_run_idx" ON "automation_webhook_deliveries" ("run_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "automation_webhook_deliveries_rule_idx" ON "automation_webhook_deliveries" ("rule_id")`,
    );
    await queryRunner.query(`ALTER TABLE "lead_tasks" ADD "automation_rule_id" uuid`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lead_tasks" DROP COLUMN "automation_rule_id"`);
    await queryRunner.query(`DROP TABLE "automation_webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "automation_runs"`);
    await queryRunner.query(`DROP TABLE "automation_rules"`);
  }
}
