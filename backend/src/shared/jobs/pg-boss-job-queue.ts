import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { JobQueue, type ScheduledJob } from './job-queue';

/** pg-boss's own tables, in a schema of their own that pg-boss creates and upgrades (under an advisory lock). */
export const JOBS_SCHEMA = 'pgboss';

/**
 * The job queue on pg-boss 10 (decision 0047), on the app's database (DATABASE_URL or the embedded
 * server's), with a small pool of its own. Every instance runs the same schedules; pg-boss turns each due
 * time into one job (its cron clock is taken by one instance at a time) and each job is fetched by one
 * worker (`FOR UPDATE SKIP LOCKED`). A queue's policy is `stately`: at most one run waiting and one running,
 * so a slow run never piles up behind it. Started on application bootstrap, stopped (after the runs in
 * hand end) when the application closes.
 */
@Injectable()
export class PgBossJobQueue extends JobQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('JobQueue');
  private readonly jobs = new Map<string, ScheduledJob>();
  private readonly workers = new Map<string, string>();
  private boss: PgBoss | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {
    super();
  }

  get enabled(): boolean {
    return this.config.jobs && this.config.processRole !== 'photo-worker';
  }

  define(job: ScheduledJob): void {
    if (this.boss) throw new Error(`job ${job.name} defined after the queue started: define jobs in onModuleInit`);
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is defined twice`);
    this.jobs.set(job.name, job);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.enabled || this.jobs.size === 0) return;
    const url = (this.dataSource.options as { url?: string }).url;
    if (!url) throw new Error('the job queue needs the database URL');
    const boss = new PgBoss({
      connectionString: url,
      schema: JOBS_SCHEMA,
      application_name: 'studio-portal-jobs',
      max: 3,
      // the job rows of runs done are kept a week for a look, then deleted by pg-boss's maintenance
      deleteAfterDays: 7,
    });
    boss.on('error', (err: Error) => this.logger.error(`pg-boss: ${err.message}`));
    await boss.start();
    this.boss = boss;
    for (const job of this.jobs.values()) {
      await boss.createQueue(job.name, { name: job.name, policy: 'stately', retryLimit: 3, retryDelay: 60, expireInSeconds: 15 * 60 });
      await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
      const worker = await boss.work(job.name, { pollingIntervalSeconds: 2 }, async () => {
        const started = Date.now();
        await job.run();
        this.logger.debug?.(`${job.name} ran in ${Date.now() - started} ms`);
      });
      this.workers.set(job.name, worker);
      if (job.runAtStart) await this.runSoon(job.name);
    }
  }

  async runSoon(name: string): Promise<string | null> {
    if (!this.boss) throw new Error('the job queue is not running (JOBS=off, or this is the photo worker)');
    if (!this.jobs.has(name)) throw new Error(`no job ${name}`);
    const id = await this.boss.send(name, {});
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker); // this instance looks at once, instead of at its next poll
    return id;
  }

  async onModuleDestroy(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    // the run in hand finishes first (up to 30 s, then it is failed and retried by another instance)
    await boss?.stop({ graceful: true, wait: true, timeout: 30_000 });
  }
}
