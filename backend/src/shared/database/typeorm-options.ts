import type { TypeOrmModuleOptions } from '@nestjs/typeorm';
import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

/**
 * TypeORM settings. The schema only ever changes through migrations, run at start-up under an advisory
 * lock (openDataSource in migrate.ts, not TypeORM's `migrationsRun`); `synchronize` stays off everywhere. `entities` is for a DataSource made outside Nest (scripts, tests);
 * the app's own are registered by their modules (see typeormModuleOptions).
 */
export function typeormOptions(url: string, entities: DataSourceOptions['entities'] = []): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations: MIGRATIONS,
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error'],
    extra: { max: 10, connectionTimeoutMillis: 5000, application_name: 'studio-portal', options: '-c plan_cache_mode=force_generic_plan' },
  };
}

/**
 * The app's root TypeORM settings: each module registers its own table classes with
 * `TypeOrmModule.forFeature`, and `autoLoadEntities` gathers them, so no list of entities crosses modules.
 */
export function typeormModuleOptions(url: string): TypeOrmModuleOptions {
  return { ...typeormOptions(url), autoLoadEntities: true };
}
