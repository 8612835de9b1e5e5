/** One e-mail as the product composes it: both an HTML and a plain-text part, for one recipient. */
export type EmailKind =
  | 'welcome'
  | 'password-reset'
  | 'project-notification'
  | 'invitation'
  | 'custom'
  | 'test'
  | 'email-changed'
  | 'email-verification'
  | 'sign-in-code'
  | 'password-known'
  | 'receipt';

/** Messages that carry a code giving access to an account: the back office never shows them, and they are scrubbed once sent. */
export function carriesSecret(kind: string): boolean {
  return kind === 'password-reset' || kind === 'sign-in-code';
}

/** A file sent with a message (a receipt's PDF): kept with the outbox row until it is sent. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface EmailMessage {
  kind: EmailKind;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: EmailAttachment[];
}
