import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

/**
 * TypeORM settings. The schema only ever changes through migrations, run at start-up;
 * `synchronize` stays off everywhere.
 */
export function typeormOptions(url: string, entities: DataSourceOptions['entities']): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations: MIGRATIONS,
    migrationsRun: true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error'],
    extra: { max: 10, connectionTimeoutMillis: 5000, application_name: 'studio-portal' },
  };
}
