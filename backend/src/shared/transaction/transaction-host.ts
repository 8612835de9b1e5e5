import { Injectable } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager } from 'typeorm';

/**
 * One command handler is one transaction. `run` opens it; repositories read `manager`,
 * which is the transaction's while one is open and the plain data source's otherwise.
 * Callbacks registered with `afterCommit` run once the transaction has committed.
 */
@Injectable()
export class TransactionHost {
  private readonly storage = new AsyncLocalStorage<{ manager: EntityManager; afterCommit: Array<() => void> }>();

  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.storage.getStore()?.manager ?? this.dataSource.manager;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const current = this.storage.getStore();
    if (current) return work();
    const afterCommit: Array<() => void> = [];
    const result = await this.dataSource.transaction((manager) => this.storage.run({ manager, afterCommit }, work));
    for (const callback of afterCommit) callback();
    return result;
  }

  /** Runs `callback` after the open transaction commits, or at once when none is open. */
  afterCommit(callback: () => void): void {
    const current = this.storage.getStore();
    if (current) current.afterCommit.push(callback);
    else callback();
  }
}
