import { NestFactory } from '@nestjs/core';
import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import type { DynamicModule } from '@nestjs/common';
import type { AppConfig } from './shared/config/app-config';
import { createLogger, NestPinoLogger } from './shared/logging/logger';

/**
 * The photo worker as a process of its own (PHOTO_WORKER=process, the default; decision 0029): the web
 * process starts it with `PORTAL_PROCESS_ROLE=photo-worker` and lowers its scheduling priority, so that
 * decoding and encoding photos takes the cycles the web's requests leave, and a sign-in or a page never
 * waits behind a photo. It shares the database (the job table, claims with leases) and the storage; it
 * stops with the web process, and is started again if it dies.
 */

/** `nice` of the worker process: below the web's 0, so the kernel serves the web first. */
export const PHOTO_WORKER_NICENESS = 10;
const RESTART_AFTER_MS = 1000;

export interface PhotoWorkerProcess {
  readonly pid: () => number | undefined;
  stop(): Promise<void>;
}

/** Starts the worker process from this same entry script (main.js), with the database the web uses. */
export function startPhotoWorkerProcess(entry: string, databaseUrl: string, log: (line: string) => void): PhotoWorkerProcess {
  let child: ChildProcess | null = null;
  let stopping = false;
  const start = () => {
    const started = fork(entry, [], {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORTAL_PROCESS_ROLE: 'photo-worker' },
      stdio: 'inherit',
    });
    child = started;
    if (started.pid !== undefined) {
      try {
        setPriority(started.pid, PHOTO_WORKER_NICENESS);
      } catch (err) {
        log(`photo worker: could not lower its priority (${(err as Error).message})`);
      }
    }
    started.once('exit', (code, signal) => {
      if (child === started) child = null;
      if (stopping) return;
      log(`photo worker process ended (${signal ?? `code ${code}`}): starting it again`);
      setTimeout(() => !stopping && start(), RESTART_AFTER_MS).unref();
    });
  };
  start();
  // The web process going away in any way takes the worker with it.
  process.once('exit', () => child?.kill('SIGTERM'));
  return {
    pid: () => child?.pid,
    stop: async () => {
      stopping = true;
      const running = child;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => running.kill('SIGKILL'), 30_000);
        running.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        running.kill('SIGTERM');
      });
    },
  };
}

/** The worker process's own start: the application's context without HTTP; it runs the photo worker only. */
export async function runPhotoWorker(module: DynamicModule, config: AppConfig): Promise<void> {
  const app = await NestFactory.createApplicationContext(module, { bufferLogs: true });
  app.useLogger(new NestPinoLogger(createLogger(config.logLevel, undefined, config.logFormat)));
  await app.init();
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await app.close().catch(() => undefined); // the lanes finish their photos first
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void close());
  // the IPC channel closes when the web process is gone
  process.once('disconnect', () => void close());
}
