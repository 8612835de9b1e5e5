import { Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';

/** How a worker takes its work. */
export interface OutboxWorkerSettings {
  /** Names the worker in the log. */
  name: string;
  /** How often it looks for due items (retries, items left behind by a stopped instance), in ms. */
  pollMs: number;
  /** Items in flight at once in this process: each lane claims, handles and saves on its own, so one slow item holds up only its lane. */
  lanes: number;
  /** Items a lane claims at a time. */
  batch: number;
  /** How long a claimed item stays this instance's; after it, another instance may take it again. */
  leaseMs: number;
  /** False: this process leaves the work to another (see AppConfig.processRole); default true. */
  enabled?: boolean;
}

/** Where a worker's items live: claimed with a lease (`FOR UPDATE SKIP LOCKED`), then their outcome saved. */
export interface WorkQueue<T> {
  claimDue(limit: number, leaseMs: number): Promise<T[]>;
  saveOutcome(item: T): Promise<void>;
}

/**
 * The shape shared by the e-mail outbox and webhook deliveries: rows stored in the transaction of
 * their cause, then taken by a worker in any instance. The queue (a repository) claims due items with a
 * lease, so no two instances take the same, and saves their outcomes; a subclass says how to handle one
 * (never throwing: the outcome is recorded on the item).
 *
 * Work is looked for at once when `kick` is called (after a commit that stored work) and on a timer, by
 * up to `lanes` lanes at a time in this process. An outcome that cannot be written (the database went
 * away between the handling and the save) is kept and written first by the next lane, so the item is
 * not handled again when its lease runs out.
 */
export abstract class OutboxWorker<T extends { id: number }> implements OnApplicationBootstrap, OnModuleDestroy {
  protected readonly logger: Logger;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** The lanes running now. */
  private readonly lanes = new Set<Promise<void>>();
  private readonly unsaved = new Map<number, T>();

  protected constructor(
    private readonly queue: WorkQueue<T>,
    private readonly settings: OutboxWorkerSettings,
  ) {
    this.logger = new Logger(settings.name);
  }

  /** Handles one item and records the outcome on it; does not throw. */
  protected abstract handle(item: T): Promise<void>;

  onApplicationBootstrap(): void {
    if (this.settings.enabled === false) {
      this.stopped = true;
      return;
    }
    this.timer = setInterval(() => this.kick(), this.settings.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops taking work; the items in hand finish first (their outcomes saved, or left to their lease). */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all([...this.lanes]);
    await this.saveOutcomes().catch(() => undefined); // last chance; the lease covers the rest
  }

  /**
   * There may be work: starts one more lane unless all are running. A lane that finds work starts
   * another (so lanes multiply while there is work and end when there is none), a busy lane claims again
   * as soon as its item is done (so no wake-up is lost), and an item that takes long (a receiver that
   * hangs) holds up its own lane only.
   */
  kick(): void {
    if (this.stopped || this.lanes.size >= this.settings.lanes) return;
    const lane: Promise<void> = this.lane()
      .catch((err: Error) => this.logger.error(`pass failed: ${err.message}`))
      .finally(() => this.lanes.delete(lane));
    this.lanes.add(lane);
  }

  /** Writes the outcomes kept from earlier, then claims, handles and saves due items until none is left. */
  private async lane(): Promise<void> {
    await this.saveOutcomes();
    while (!this.stopped) {
      const items = await this.queue.claimDue(this.settings.batch, this.settings.leaseMs);
      if (items.length === 0) return;
      this.kick(); // there was work: there may be more, for another lane
      for (const item of items) {
        await this.handle(item);
        this.unsaved.set(item.id, item);
        await this.saveOne(item);
      }
    }
  }

  private async saveOne(item: T): Promise<void> {
    await this.queue.saveOutcome(item);
    this.unsaved.delete(item.id);
  }

  /** Writes every kept outcome; one that fails stays kept (and the lane ends with the error). */
  private async saveOutcomes(): Promise<void> {
    for (const item of [...this.unsaved.values()]) await this.saveOne(item);
  }
}
