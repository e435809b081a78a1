/**
 * Database tooling.
 *   node dist/database/migration-cli.js run              apply pending migrations
 *   node dist/database/migration-cli.js check            exit 1 if the entities and migrations disagree
 *   node dist/database/migration-cli.js generate <Name>  write src/database/migrations/<ts>-<Name>.ts
 * Uses DATABASE_URL when set, otherwise the embedded database (refused while a server holds it).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import 'reflect-metadata';
import { AppConfig } from '../config/app-config.js';
import { createDataSource } from './data-source.js';
import { openDatabase, openDatabaseForTool } from './open-database.js';
import { pendingSchemaChanges, runMigrations } from './run-migrations.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Puts each column and constraint of a CREATE TABLE on its own line, for review. */
function formatSql(query: string): string {
  const match = /^CREATE TABLE ("[^"]+") \((.*)\)$/s.exec(query.trim());
  if (!match) return query.trim().replace(/ {2,}/g, ' ');
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of match[2]) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current.trim());
  return `\n      CREATE TABLE ${match[1]} (\n${parts.map((part) => `        ${part}`).join(',\n')}\n      )`;
}

function migrationSource(className: string, up: string[], down: string[]): string {
  const lines = (queries: string[]) =>
    queries
      .map((query) =>
        query.replaceAll('\\', '\\\\').replaceAll('`', '\\`').replaceAll('${', '\\${'),
      )
      .map((query) => `    await queryRunner.query(\`${formatSql(query)}\`);`)
      .join('\n');
  return `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${lines(up)}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${lines([...down].reverse())}
  }
}
`;
}

async function main(): Promise<number> {
  const [command, name] = process.argv.slice(2);
  const config = AppConfig.fromEnvironment();
  // generate and check work on a throwaway embedded database unless DATABASE_URL is set.
  const scratch =
    !config.databaseUrl && command !== 'run'
      ? mkdtempSync(join(tmpdir(), 'leadpulse-schema-'))
      : undefined;
  const database = scratch
    ? await openDatabase(config.with({ dataDir: scratch }))
    : await openDatabaseForTool(config);
  const dataSource = createDataSource(database.url, 2);
  try {
    await dataSource.initialize();
    const applied = await runMigrations(dataSource);
    if (command === 'run') {
      console.log(
        applied.length
          ? `Applied ${applied.map((m) => m.name).join(', ')}`
          : 'No pending migrations.',
      );
      return 0;
    }
    const changes = await pendingSchemaChanges(dataSource);
    if (command === 'check') {
      if (changes.up.length === 0) {
        console.log('The entities and the migrations agree.');
        return 0;
      }
      console.error(
        `The entities and the migrations disagree; a migration would run:\n${changes.up.join(';\n')}`,
      );
      return 1;
    }
    if (command === 'generate' && name && /^[A-Z][A-Za-z0-9]+$/.test(name)) {
      if (changes.up.length === 0) {
        console.log('Nothing to generate: the entities and the migrations agree.');
        return 0;
      }
      const timestamp = Date.now();
      const file = resolve(here, '../../src/database/migrations', `${timestamp}-${name}.ts`);
      writeFileSync(file, migrationSource(`${name}${timestamp}`, changes.up, changes.down));
      console.log(`Wrote ${file}; read it, tidy it, and add it to migrations/index.ts.`);
      return 0;
    }
    console.error('Usage: migration-cli run | check | generate <PascalCaseName>');
    return 2;
  } finally {
    await dataSource.destroy().catch(() => undefined);
    await database.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
