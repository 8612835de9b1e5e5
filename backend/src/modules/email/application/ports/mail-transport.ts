import type { EmailMessage } from '../../domain/email-message';

/** Port: whatever actually delivers a message (SMTP, or the mock transport that only logs). */
export abstract class MailTransport {
  abstract readonly isMock: boolean;
  /** Resolves with the server's answer; rejects with its error. */
  abstract send(message: EmailMessage): Promise<string>;
}
