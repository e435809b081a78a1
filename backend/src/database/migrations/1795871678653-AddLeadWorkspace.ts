import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Indexes the entities cannot declare: the leads list's sorts and filters, and its search. */
const LEAD_INDEXES: [string, string][] = [
  ['leads_workspace_score_idx', `("workspace_id", "score" DESC, "id" DESC)`],
  [
    'leads_workspace_last_signal_idx',
    `("workspace_id", "last_signal_at" DESC NULLS LAST, "id" DESC)`,
  ],
  ['leads_workspace_name_idx', `("workspace_id", lower("first_name"), lower("last_name"), "id")`],
  ['leads_workspace_created_idx', `("workspace_id", "created_at" DESC, "id" DESC)`],
  [
    'leads_workspace_stage_idx',
    `("workspace_id", "stage", "position_in_stage") WHERE "stage" IS NOT NULL`,
  ],
  ['leads_workspace_monitored_idx', `("workspace_id") WHERE "monitored"`],
  ['leads_workspace_source_idx', `("workspace_id", "source")`],
  ['leads_workspace_email_idx', `("workspace_id", lower("email")) WHERE "email" IS NOT NULL`],
];

/** Search by name, company, position or e-mail: trigram indexes serve ILIKE '%…%', as the users search does. */
const TRIGRAM_INDEXES: [string, string][] = [
  ['leads_name_trgm_idx', `(("first_name" || ' ' || "last_name") gin_trgm_ops)`],
  ['leads_company_trgm_idx', `("company" gin_trgm_ops)`],
  ['leads_position_trgm_idx', `("position" gin_trgm_ops)`],
  ['leads_email_trgm_idx', `("email" gin_trgm_ops)`],
];

/**
 * The lead workspace: workspaces and their members, leads, their signals, notes and tasks, and
 * the imports that brought them; every lead table carries `workspace_id`.
 */
export class AddLeadWorkspace1795871678653 implements MigrationInterface {
  name = 'AddLeadWorkspace1795871678653';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "workspaces" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "name" character varying(255) NOT NULL,
        "owner_user_id" uuid NOT NULL,
        "personal" boolean NOT NULL DEFAULT true,
        CONSTRAINT "PK_098656ae401f3e1a4586f47fd8e" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "workspaces_personal_owner_idx" ON "workspaces" ("owner_user_id") WHERE personal`,
    );
    await queryRunner.query(`
      CREATE TABLE "lead_imports" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "workspace_id" uuid NOT NULL,
        "created_by" uuid,
        "kind" character varying(32) NOT NULL,
        "file_name" character varying(255) NOT NULL,
        "status" character varying(16) NOT NULL DEFAULT 'queued',
        "progress" smallint NOT NULL DEFAULT '0',
        "error_code" character varying(64),
        "counts" jsonb NOT NULL DEFAULT '{}',
        "mapping" jsonb,
        "upload_name" character varying(255),
        "size_bytes" bigint NOT NULL DEFAULT '0',
        "finished_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_3a02aee77d4f7ce4422b215096e" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "lead_imports_created_idx" ON "lead_imports" ("created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "lead_imports_workspace_created_idx" ON "lead_imports" ("workspace_id", "created_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "leads" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "workspace_id" uuid NOT NULL,
        "match_key" character varying(255) NOT NULL,
        "profile_url" character varying(2048),
        "profile_slug" character varying(255),
        "first_name" character varying(255) NOT NULL DEFAULT '',
        "last_name" character varying(255) NOT NULL DEFAULT '',
        "position" character varying(500),
        "company" character varying(500),
        "location" character varying(255),
        "email" character varying(320),
        "headline" character varying(1000),
        "source" character varying(32) NOT NULL,
        "details_as_of" TIMESTAMP WITH TIME ZONE,
        "stage" character varying(16),
        "position_in_stage" integer NOT NULL DEFAULT '0',
        "monitored" boolean NOT NULL DEFAULT false,
        "snoozed_until" TIMESTAMP WITH TIME ZONE,
        "fit" smallint NOT NULL DEFAULT '0',
        "intent" smallint NOT NULL DEFAULT '0',
        "score" smallint NOT NULL DEFAULT '0',
        "breakdown" jsonb NOT NULL DEFAULT '[]',
        "last_signal_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_cd102ed7a9a4ca7d4d8bfeba406" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "leads_workspace_slug_idx" ON "leads" ("workspace_id", "profile_slug")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "leads_workspace_match_key_idx" ON "leads" ("workspace_id", "match_key")`,
    );
    await queryRunner.query(`
      CREATE TABLE "lead_signals" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "workspace_id" uuid NOT NULL,
        "lead_id" uuid NOT NULL,
        "kind" character varying(32) NOT NULL,
        "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "source" character varying(64) NOT NULL,
        "detail" jsonb NOT NULL DEFAULT '{}',
        "dedupe_key" character varying(255) NOT NULL,
        CONSTRAINT "PK_925718b2438a79cc39a87977368" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "lead_signals_workspace_occurred_idx" ON "lead_signals" ("workspace_id", "occurred_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "lead_signals_lead_occurred_idx" ON "lead_signals" ("lead_id", "occurred_at")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "lead_signals_workspace_dedupe_idx" ON "lead_signals" ("workspace_id", "dedupe_key")`,
    );
    await queryRunner.query(`
      CREATE TABLE "lead_notes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "workspace_id" uuid NOT NULL,
        "lead_id" uuid NOT NULL,
        "body" text NOT NULL,
        CONSTRAINT "PK_1fa7d688fd75d75ea298a98e290" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "lead_notes_workspace_idx" ON "lead_notes" ("workspace_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "lead_notes_lead_created_idx" ON "lead_notes" ("lead_id", "created_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "lead_tasks" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "workspace_id" uuid NOT NULL,
        "lead_id" uuid NOT NULL,
        "title" character varying(500) NOT NULL,
        "due_at" TIMESTAMP WITH TIME ZONE,
        "done_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_954d683c9a8c5a77199802f902a" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "lead_tasks_workspace_due_idx" ON "lead_tasks" ("workspace_id", "done_at", "due_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "lead_tasks_lead_created_idx" ON "lead_tasks" ("lead_id", "created_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "workspace_members" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "workspace_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "role" character varying(16) NOT NULL,
        CONSTRAINT "workspace_members_role_check" CHECK ("role" IN ('owner', 'member')),
        CONSTRAINT "PK_22ab43ac5865cd62769121d2bc4" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "workspace_members_user_idx" ON "workspace_members" ("user_id")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "workspace_members_workspace_user_idx" ON "workspace_members" ("workspace_id", "user_id")`,
    );
    for (const [name, definition] of LEAD_INDEXES)
      await queryRunner.query(`CREATE INDEX "${name}" ON "leads" ${definition}`);
    // A small pending list, as for the users search: an import's many inserts merge sooner.
    for (const [name, definition] of TRIGRAM_INDEXES)
      await queryRunner.query(
        `CREATE INDEX "${name}" ON "leads" USING gin ${definition} WITH (gin_pending_list_limit = 64)`,
      );
    await queryRunner.query(
      `ALTER TABLE "workspaces" ADD CONSTRAINT "FK_552b8a0813f929c0d369c5f7ff7" FOREIGN KEY ("owner_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_imports" ADD CONSTRAINT "FK_7b5539237dad5c4e1f7d96f0cb8" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_imports" ADD CONSTRAINT "FK_3beeedad8094b8ff3c4fde2cd5c" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "leads" ADD CONSTRAINT "FK_4557dfa46083f411b94a40f615d" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_signals" ADD CONSTRAINT "FK_8d2be5a08d3ca387086580c6684" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_signals" ADD CONSTRAINT "FK_344f74f60caa0cddc76ace6ea53" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_notes" ADD CONSTRAINT "FK_39f0e652876effac7d2be29062d" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_notes" ADD CONSTRAINT "FK_724573b69882525ab16b174101d" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_tasks" ADD CONSTRAINT "FK_6e5cdfddb72f7efe3fe31d56041" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_tasks" ADD CONSTRAINT "FK_f179576266dbc83642d2a97d4ac" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "workspace_members" ADD CONSTRAINT "FK_4a7c584ddfe855379598b5e20fd" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "workspace_members" ADD CONSTRAINT "FK_4e83431119fa585fc7aa8b817db" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "workspace_members" DROP CONSTRAINT "FK_4e83431119fa585fc7aa8b817db"`,
    );
    await queryRunner.query(
      `ALTER TABLE "workspace_members" DROP CONSTRAINT "FK_4a7c584ddfe855379598b5e20fd"`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_tasks" DROP CONSTRAINT "FK_f179576266dbc83642d2a97d4ac"`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_tasks" DROP CONSTRAINT "FK_6e5cdfddb72f7efe3fe31d56041"`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_notes" DROP CONSTRAINT "FK_724573b69882525ab16b174101d"`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_notes" DROP CONSTRAINT "FK_39f0e652876effac7d2be29062d"`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_signals" DROP CONSTRAINT "FK_344f74f60caa0cddc76ace6ea53"`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_signals" DROP CONSTRAINT "FK_8d2be5a08d3ca387086580c6684"`,
    );
    await queryRunner.query(`ALTER TABLE "leads" DROP CONSTRAINT "FK_4557dfa46083f411b94a40f615d"`);
    await queryRunner.query(
      `ALTER TABLE "lead_imports" DROP CONSTRAINT "FK_3beeedad8094b8ff3c4fde2cd5c"`,
    );
    await queryRunner.query(
      `ALTER TABLE "lead_imports" DROP CONSTRAINT "FK_7b5539237dad5c4e1f7d96f0cb8"`,
    );
    await queryRunner.query(
      `ALTER TABLE "workspaces" DROP CONSTRAINT "FK_552b8a0813f929c0d369c5f7ff7"`,
    );
    await queryRunner.query(`DROP INDEX "public"."workspace_members_workspace_user_idx"`);
    await queryRunner.query(`DROP INDEX "public"."workspace_members_user_idx"`);
    await queryRunner.query(`DROP TABLE "workspace_members"`);
    await queryRunner.query(`DROP INDEX "public"."lead_tasks_lead_created_idx"`);
    await queryRunner.query(`DROP INDEX "public"."lead_tasks_workspace_due_idx"`);
    await queryRunner.query(`DROP TABLE "lead_tasks"`);
    await queryRunner.query(`DROP INDEX "public"."lead_notes_lead_created_idx"`);
    await queryRunner.query(`DROP INDEX "public"."lead_notes_workspace_idx"`);
    await queryRunner.query(`DROP TABLE "lead_notes"`);
    await queryRunner.query(`DROP INDEX "public"."lead_signals_workspace_dedupe_idx"`);
    await queryRunner.query(`DROP INDEX "public"."lead_signals_lead_occurred_idx"`);
    await queryRunner.query(`DROP INDEX "public"."lead_signals_workspace_occurred_idx"`);
    await queryRunner.query(`DROP TABLE "lead_signals"`);
    for (const [name] of [...TRIGRAM_INDEXES, ...LEAD_INDEXES])
      await queryRunner.query(`DROP INDEX "public"."${name}"`);
    await queryRunner.query(`DROP INDEX "public"."leads_workspace_match_key_idx"`);
    await queryRunner.query(`DROP INDEX "public"."leads_workspace_slug_idx"`);
    await queryRunner.query(`DROP TABLE "leads"`);
    await queryRunner.query(`DROP INDEX "public"."lead_imports_workspace_created_idx"`);
    await queryRunner.query(`DROP INDEX "public"."lead_imports_created_idx"`);
    await queryRunner.query(`DROP TABLE "lead_imports"`);
    await queryRunner.query(`DROP INDEX "public"."workspaces_personal_owner_idx"`);
    await queryRunner.query(`DROP TABLE "workspaces"`);
  }
}
