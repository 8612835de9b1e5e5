import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../shared/config/app-config';
import { HandlesDomainEvent, type DomainEventHandler } from '../../../shared/events/domain-events';
import { AccountEmailChanged } from '../../clients';
import { EmailOutbox } from './email-outbox';
import { emailChangedEmail } from './templates';

/** CONTRACT §8: after an e-mail change the old address gets a notice, queued with the change. */
@Injectable()
@HandlesDomainEvent(AccountEmailChanged)
export class NotifyOldAddressHandler implements DomainEventHandler<AccountEmailChanged> {
  constructor(
    private readonly outbox: EmailOutbox,
    private readonly config: AppConfig,
  ) {}

  async handle(event: AccountEmailChanged): Promise<void> {
    await this.outbox.enqueue(
      emailChangedEmail({ to: event.oldEmail, newEmail: event.newEmail, username: event.username, appUrl: this.config.appUrl }),
    );
  }
}
