/**
 * npm run create-admin -- --email E --password P
 * Creates or promotes a confirmed administrator and sets its password, on DATABASE_URL or the
 * embedded database (through the running server when one holds it).
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import argon2 from 'argon2';
import { AppConfig } from '../config/app-config.js';
import { createDataSource } from '../database/data-source.js';
import { openDatabaseForTool } from '../database/open-database.js';
import { runMigrations } from '../database/run-migrations.js';
import { UserWritesService } from '../users/user-writes.service.js';
import { ensureAdmin } from './ensure-admin.js';
import { ARGON2_OPTIONS } from './passwords.service.js';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' } },
  });
  if (!values.email || !values.password) {
    console.error(
      'Usage: npm run create-admin -- --email admin@example.com --password "a long password"',
    );
    return 2;
  }
  if (values.password.length < 8) {
    console.error('The password must be at least 8 characters long.');
    return 2;
  }
  const config = AppConfig.fromEnvironment();
  const database = await openDatabaseForTool(config, { viaRunningServer: true });
  const dataSource = createDataSource(database.url, 2);
  try {
    await dataSource.initialize();
    await runMigrations(dataSource);
    const passwordHash = await argon2.hash(values.password, ARGON2_OPTIONS);
    const { created } = await dataSource.transaction((manager) =>
      ensureAdmin(manager, new UserWritesService(), {
        email: values.email!,
        passwordHash,
        overwritePassword: true,
      }),
    );
    console.log(
      `${created ? 'Created' : 'Updated'} administrator ${values.email}. Sign in at ${config.appUrl}/admin`,
    );
    return 0;
  } finally {
    await dataSource.destroy().catch(() => undefined);
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
