/** One e-mail as the product composes it: both an HTML and a plain-text part, for one recipient. */
export type EmailKind =
  'welcome' | 'password-reset' | 'project-notification' | 'invitation' | 'custom' | 'test' | 'email-changed' | 'email-verification';

export interface EmailMessage {
  kind: EmailKind;
  to: string;
  subject: string;
  html: string;
  text: string;
}
