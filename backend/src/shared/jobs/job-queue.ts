/**
 * A job that runs on a schedule, on the PostgreSQL job queue every instance shares (decision 0047): each
 * due run is taken by one instance only. `run` must be safe to repeat (a run cut short by a restart is
 * run again): it claims what it does in the database, as the reminders claim each e-mail.
 */
export interface ScheduledJob {
  /** The queue's name, also its schedule's ('invoice-reminders'). */
  name: string;
  /** When it runs, a cron expression in UTC ('*\/15 * * * *': every 15 minutes). */
  cron: string;
  /** Also run once when an instance starts (what came due while every instance was down). */
  runAtStart?: boolean;
  run(): Promise<void>;
}

/**
 * Port: the job queue (decision 0047). Modules define their jobs while the app starts (in
 * `onModuleInit`); the queue starts with the application and stops with it. With JOBS=off (tests that do not
 * need it) or in the photo worker's process nothing is started, and `enabled` is false.
 */
export abstract class JobQueue {
  /** Adds a scheduled job; call before the application has started (onModuleInit). */
  abstract define(job: ScheduledJob): void;
  /** Queues one run of `name` now, taken by whichever instance is free; null when a run is already waiting. */
  abstract runSoon(name: string): Promise<string | null>;
  /** Whether this instance runs jobs. */
  abstract get enabled(): boolean;
}
