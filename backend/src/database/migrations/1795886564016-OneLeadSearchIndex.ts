import type { MigrationInterface, QueryRunner } from 'typeorm';

const OLD: [string, string][] = [
  ['leads_name_trgm_idx', `(("first_name" || ' ' || "last_name") gin_trgm_ops)`],
  ['leads_company_trgm_idx', `("company" gin_trgm_ops)`],
  ['leads_position_trgm_idx', `("position" gin_trgm_ops)`],
  ['leads_email_trgm_idx', `("email" gin_trgm_ops)`],
];

/**
 * The leads search reads one trigram index of name, company, position and e-mail together
 * (leads-list.ts writes the same expression) instead of four: one bitmap scan per search, and an
 * import writes one GIN entry per lead instead of four.
 */
export class OneLeadSearchIndex1795886564016 implements MigrationInterface {
  name = 'OneLeadSearchIndex1795886564016';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name] of OLD) await queryRunner.query(`DROP INDEX "public"."${name}"`);
    await queryRunner.query(
      `CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ((
         "first_name" || ' ' || "last_name" || ' | ' || coalesce("company", '') || ' | ' ||
         coalesce("position", '') || ' | ' || coalesce("email", '')) gin_trgm_ops)
       WITH (gin_pending_list_limit = 256)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."leads_search_trgm_idx"`);
    for (const [name, definition] of OLD)
      await queryRunner.query(
        `CREATE INDEX "${name}" ON "leads" USING gin ${definition} WITH (gin_pending_list_limit = 64)`,
      );
  }
}
