import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

export function dataSourceOptions(url: string, poolSize: number): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    // Migrations create extensions; TypeORM must not do it on its own at connect.
    installExtensions: false,
    uuidExtension: 'pgcrypto',
    synchronize: false,
    poolSize,
    // A database that does not answer fails a request in 3 s (answered 503), never hangs it.
    connectTimeoutMS: 3_000,
    extra: { application_name: 'leadpulse', idleTimeoutMillis: 30_000 },
  };
}

export function createDataSource(url: string, poolSize = 10): DataSource {
  return new DataSource(dataSourceOptions(url, poolSize));
}
