import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { PgBossJobQueue } from './pg-boss-job-queue';

const queue = (config: Partial<AppConfig>) =>
  new PgBossJobQueue(
    { jobs: true, processRole: 'all', ...config } as AppConfig,
    { options: { url: 'postgres://unused/db' } } as unknown as DataSource,
  );
const job = { name: 'invoice-reminders', cron: '*/15 * * * *', run: async () => undefined };

describe('PgBossJobQueue (decision 0047)', () => {
  it('runs in the web process and in one that does everything, unless JOBS=off; never in the photo worker', () => {
    expect(queue({}).enabled).toBe(true);
    expect(queue({ processRole: 'web' }).enabled).toBe(true);
    expect(queue({ jobs: false }).enabled).toBe(false);
    expect(queue({ processRole: 'photo-worker' }).enabled).toBe(false);
  });

  it('starts nothing when off, and then refuses to run a job now', async () => {
    const off = queue({ jobs: false });
    off.define(job);
    await off.onApplicationBootstrap(); // would need a database if it started
    await expect(off.runSoon('invoice-reminders')).rejects.toThrow(/not running/);
    await off.onModuleDestroy();
  });

  it('takes each job once', () => {
    const q = queue({});
    q.define(job);
    expect(() => q.define(job)).toThrow(/defined twice/);
  });
});
