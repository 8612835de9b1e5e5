/** The email module's public surface: other modules import from here only. */
export { EmailModule } from './email.module';
export { EmailOutbox } from './application/email-outbox';
export { OutboxDispatcher } from './application/outbox-dispatcher';
export {
  welcomeEmail,
  resetCodeEmail,
  signInCodeEmail,
  passwordKnownEmail,
  projectNotificationEmail,
  emailChangedEmail,
  receiptEmail,
} from './application/templates';
export type { EmailMessage, EmailKind, EmailAttachment } from './domain/email-message';
