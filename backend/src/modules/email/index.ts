/** The email module's public surface: other modules import from here only. */
export { EmailModule } from './email.module';
export { EmailOutbox } from './application/email-outbox';
export { OutboxDispatcher } from './application/outbox-dispatcher';
export { welcomeEmail, resetCodeEmail, signInCodeEmail, projectNotificationEmail, emailChangedEmail } from './application/templates';
export type { EmailMessage, EmailKind } from './domain/email-message';
