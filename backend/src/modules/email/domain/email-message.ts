import type { Studio } from '../../studio';

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
  | 'receipt'
  | 'invoice'
  | 'invoice-reminder';

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

/**
 * Who an e-mail is from, as its frame shows it (CONTRACT §13): the studio (name, accent colour, contact
 * lines, money style) and its logo as an absolute address with the size the header draws it at.
 */
export interface EmailBrand {
  studio: Studio;
  logo: { url: string; width: number; height: number } | null;
}

/**
 * An e-mail before it is queued: what a template makes. The outbox composes it once with the studio
 * as it is at that moment (one read of the settings per message) and stores the result.
 */
export interface EmailDraft {
  kind: EmailKind;
  to: string;
  attachments?: EmailAttachment[];
  compose(brand: EmailBrand): Pick<EmailMessage, 'subject' | 'html' | 'text'>;
}

/** The message a draft makes for `brand`. */
export function composeEmail(draft: EmailDraft, brand: EmailBrand): EmailMessage {
  const { kind, to, attachments } = draft;
  return { kind, to, ...draft.compose(brand), ...(attachments ? { attachments } : {}) };
}
