import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../shared/transaction/transaction-host';
import type { EmailMessage } from '../domain/email-message';
import { OutboxDispatcher } from './outbox-dispatcher';
import { OutboxRepository, SharedMessage } from './ports/outbox.repository';

/**
 * What other modules call to send an e-mail. The message is stored with the caller's transaction and
 * handed to the dispatcher only once that transaction has committed.
 */
@Injectable()
export class EmailOutbox {
  constructor(
    private readonly repository: OutboxRepository,
    private readonly dispatcher: OutboxDispatcher,
    private readonly tx: TransactionHost,
  ) {}

  async enqueue(message: EmailMessage): Promise<number> {
    const id = await this.repository.add(message);
    this.tx.afterCommit(() => this.dispatcher.kick());
    return id;
  }

  /** One message to many addresses; its body is stored once. */
  async enqueueToMany(message: SharedMessage, recipients: string[]): Promise<number[]> {
    const ids = await this.repository.addToMany(message, recipients);
    this.tx.afterCommit(() => this.dispatcher.kick());
    return ids;
  }

  /** Asks the dispatcher to look for due messages now (e.g. one the admin queued again). */
  kick(): void {
    this.dispatcher.kick();
  }
}
