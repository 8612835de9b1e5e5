import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../shared/config/app-config';
import { HandlesDomainEvent, type DomainEventHandler } from '../../../shared/events/domain-events';
import { AccountEmailChanged, EmailVerificationRequested } from '../../clients';
import { EmailOutbox } from './email-outbox';
import { emailChangedEmail, emailVerificationEmail } from './templates';

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

/** CONTRACT §8: a changed address, or a client asking again, gets a verification link, queued with the link. */
@Injectable()
@HandlesDomainEvent(EmailVerificationRequested)
export class SendVerificationLinkHandler implements DomainEventHandler<EmailVerificationRequested> {
  constructor(private readonly outbox: EmailOutbox) {}

  async handle(event: EmailVerificationRequested): Promise<void> {
    await this.outbox.enqueue(
      emailVerificationEmail({ to: event.email, username: event.username, verifyUrl: event.verifyUrl, reason: event.reason }),
    );
  }
}
