import { Global, Module } from '@nestjs/common';
import { JobQueue } from './job-queue';
import { PgBossJobQueue } from './pg-boss-job-queue';

/** The job queue every module may define scheduled jobs on (decision 0047). */
@Global()
@Module({
  providers: [{ provide: JobQueue, useClass: PgBossJobQueue }],
  exports: [JobQueue],
})
export class JobsModule {}
