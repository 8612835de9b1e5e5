import 'reflect-metadata';
import { join } from 'node:path';
import { AppModule } from './app.module';
import { createApp } from './configure-app';
import { FirstRun } from './modules/setup';
import { runPhotoWorker, startPhotoWorkerProcess, type PhotoWorkerProcess } from './photo-worker-process';
import { AppConfig, ConfigError, loadConfig } from './shared/config/app-config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './shared/database/embedded-postgres';

async function bootstrap(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  if (config.processRole === 'photo-worker') {
    // started by a web process below, with its DATABASE_URL
    await runPhotoWorker(AppModule.forRoot(config, config.databaseUrl!), config);
    return;
  }

  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dir = join(config.dataDir, 'postgres');
    console.log(`No DATABASE_URL: starting the embedded PostgreSQL in ${dir}`);
    embedded = await startEmbeddedPostgres({ dir, database: 'portal' });
    databaseUrl = embedded.url;
  }

  // PHOTO_WORKER=process (default): this process serves the web and a second one makes the photos
  const separateWorker = config.photoWorker === 'process' && config.processRole === 'all';
  if (separateWorker) config.processRole = 'web';
  const app = await createApp(AppModule.forRoot(config, databaseUrl), config);
  let worker: PhotoWorkerProcess | null = null;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    await worker?.stop().catch(() => undefined);
    await app.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  if (embedded) {
    // The app closes first (the outbox finishes its pass, connections end), then the embedded server.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop(signal));
  } else {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void worker?.stop());
    app.enableShutdownHooks();
  }

  await app.listen(config.port, '0.0.0.0');
  if (separateWorker) worker = startPhotoWorkerProcess(__filename, databaseUrl, (line) => console.log(line));
  // The start banner: where to go. While the studio has no admin, the setup page and the code it asks for.
  const setupCode = await app.get(FirstRun).bannerCode();
  if (setupCode) console.log(`Open ${config.appUrl}/setup — setup code ${setupCode}`);
  else console.log(`Studio portal on ${config.appUrl} (API docs at ${config.appUrl}/api/docs)`);
}

bootstrap().catch((err) => {
  console.error('Start-up failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
