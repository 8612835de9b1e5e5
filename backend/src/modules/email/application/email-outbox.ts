import { Injectable } from '@nestjs/common';
import { TransactionHost } from '../../../shared/transaction/transaction-host';
import { composeEmail, type EmailDraft } from '../domain/email-message';
import { EmailBrands } from './email-brands';
import { OutboxDispatcher } from './outbox-dispatcher';
import { OutboxRepository, SharedMessage } from './ports/outbox.repository';

/**
 * What other modules call to send an e-mail. The message is composed for the studio, stored with the
 * caller's transaction and handed to the dispatcher only once that transaction has committed.
 */
@Injectable()
export class EmailOutbox {
  constructor(
    private readonly repository: OutboxRepository,
    private readonly dispatcher: OutboxDispatcher,
    private readonly tx: TransactionHost,
    private readonly brands: EmailBrands,
  ) {}

  /** Composes the draft with the studio as it is now (name, logo, colour, contact lines, money) and stores it. */
  async enqueue(draft: EmailDraft): Promise<number> {
    const id = await this.repository.add(composeEmail(draft, await this.brands.current()));
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
