/** The email module's public surface: other modules import from here only. */
export { EmailModule } from './email.module';
export { EmailOutbox } from './application/email-outbox';
export { OutboxDispatcher } from './application/outbox-dispatcher';
export { EmailBrands } from './application/email-brands';
export {
  welcomeEmail,
  resetCodeEmail,
  signInCodeEmail,
  passwordKnownEmail,
  projectNotificationEmail,
  emailChangedEmail,
  receiptEmail,
  invoiceEmail,
  invoiceReminderEmail,
  reminderSubject,
} from './application/templates';
export { composeEmail } from './domain/email-message';
export type { EmailMessage, EmailKind, EmailAttachment, EmailDraft, EmailBrand } from './domain/email-message';
